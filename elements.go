package celer

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"iter"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Elements decodes a sequence of values from r, one at a time, in memory
// bounded by the largest element. The input is either one top-level JSON
// array, whose elements are yielded, or a stream of top-level values
// separated by optional whitespace (NDJSON, JSON Lines, concatenated
// JSON), each yielded in turn; the first non-space byte decides: '['
// means an array. (So a stream whose first value is an array is read as
// that one array: to read NDJSON lines that are arrays, use
// ParallelElements.)
//
// Each element is decoded as Unmarshal (or UnmarshalWith, given options)
// would decode it. A type error in an element is yielded with that element
// and iteration goes on; a syntax error or read error is yielded once and
// ends the iteration. Breaking out of the loop stops reading.
// ZeroCopyStrings is ignored: elements are read into a reused buffer.
//
// Elements share some allocations to make fewer: short strings of several
// elements are carved from one chunk of up to 1 KiB (elemChunk), and the
// numbers and strings of `any` values are boxed from slabs of up to 64,
// so a string or value kept from one element can keep that much memory
// alive.
func Elements[T any](r io.Reader, o ...Options) iter.Seq2[T, error] {
	return elements[T](r, true, o)
}

// elements is Elements; fast false keeps to the stream decoder throughout
// (the reference the tests compare the fast reader with).
func elements[T any](r io.Reader, fast bool, o []Options) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		s := opts.Collect(o...)
		flags := decodeFlags(&s) &^ dZeroCopy
		lenient := flagOr(&s, opts.AllowInvalidUTF8, true)
		if !lenient {
			flags |= dValidUTF8 // the validator checks every string
		}
		if fast && !s.Has(opts.RejectDuplicateNames) && s.MaxBytes == 0 && s.MaxTokenBytes == 0 {
			fastElements(r, &s, o, flags, lenient, yield)
			return
		}
		sd := stream.NewDecoder(r, stream.AllowInvalidUTF8(lenient), opts.Join(o...))
		streamElements(sd, flags, lenient, elemDetect, nil, yield)
	}
}

// How streamElements reads its input.
type elemMode uint8

const (
	elemDetect elemMode = iota // the first non-space byte decides
	elemValues                 // a stream of top-level values
	elemArray                  // one top-level array
)

// streamElements is Elements on the stream decoder, which validates each
// value (and positions every error) before it is decoded. fix, when not
// nil, says where sd's input starts in the caller's, and skip elements
// already yielded.
func streamElements[T any](sd *stream.Decoder, flags dflags, lenient bool, mode elemMode, fix *elemFix, yield func(T, error) bool) {
	var zero T
	fail := func(err error) {
		if fix != nil {
			err = fix.fix(err)
		}
		yield(zero, err)
	}
	array := mode == elemArray
	switch sd.PeekKind() {
	case stream.KindBeginArray:
		if mode == elemDetect {
			array = true
		}
		if array {
			if _, err := sd.ReadToken(); err != nil {
				fail(err)
				return
			}
		}
	case stream.KindInvalid: // end of input, or an error
		if _, err := sd.ReadToken(); err != io.EOF {
			fail(err)
		}
		return
	}
	if fix != nil && fix.skip {
		if err := sd.SkipValue(); err != nil { // yielded already: cannot fail
			fail(err)
			return
		}
	}
	d := new(decodeState)
	// A struct plan is looked up once, not per element.
	var sp *plan
	if p := planFor(reflect.TypeFor[T]()); p.kind == pStruct && !p.generic && !p.topMethods {
		sp = p
	}
	for {
		if array && sd.PeekKind() == stream.KindEndArray {
			sd.ReadToken()
			if _, err := sd.ReadToken(); err != io.EOF {
				if err == nil {
					err = errTrailingData
				}
				fail(err)
			}
			return
		}
		raw, err := sd.ReadValue()
		if err != nil {
			if err != io.EOF || array {
				fail(err)
			}
			return
		}
		var v T
		f := flags
		if lenient {
			f |= utf8Flag(raw)
		}
		d.init(raw, f)
		if sp != nil {
			err = d.unmarshalStruct(reflect.ValueOf(&v).Elem(), sp)
		} else {
			err = d.unmarshal(&v)
		}
		d.data = nil
		if !yield(v, err) {
			return
		}
	}
}

var errTrailingData = errors.New("celer: data after the top-level array")

// The fast reader.
//
// fastElements frames and decodes values from its own buffer: the
// one-pass decoder (decode_onepass.go) checks each value's grammar as it
// decodes it, so the common case reads every byte once. A value the
// one-pass decoder gives up on is validated by scan.Value (which also
// finds where an incomplete value needs more input) and decoded by the
// two-pass decoder, exactly as streamElements would. At the first syntax
// error, or anything else unusual, the rest of the input goes to
// streamElements, which positions the error; elemFix maps its positions
// back onto the whole input.

const (
	elemBufSize = 32 << 10 // the reader's first buffer
	elemChunk   = 1 << 10  // the most string bytes elements share (see Elements)
)

// elemReader is the fast reader's input buffer.
type elemReader struct {
	r    io.Reader
	buf  []byte // buf[off:] is unread input
	off  int
	base int64 // input offset of buf[0]
	eof  bool  // no more input after buf
	err  error // a read error

	line      int   // 1-based line number at buf[0]
	lineStart int64 // input offset where that line starts

	utf utf8Prefix // how much of buf is known to be valid UTF-8
}

// fill reads more input, keeping buf from off on (and all of it while
// there is room). It reports false at the end of input or on a read
// error.
func (e *elemReader) fill() bool {
	if e.eof || e.err != nil {
		return false
	}
	keep := e.off
	if keep > 0 && cap(e.buf)-len(e.buf) < cap(e.buf)/2 { // make room
		gone := e.buf[:keep]
		if k := bytes.Count(gone, []byte{'\n'}); k > 0 {
			e.line += k
			e.lineStart = e.base + int64(bytes.LastIndexByte(gone, '\n')) + 1
		}
		e.buf = e.buf[:copy(e.buf, e.buf[keep:])]
		e.base += int64(keep)
		e.off -= keep
		e.utf.shift(keep)
	}
	if len(e.buf) == cap(e.buf) { // a value longer than the buffer
		nb := make([]byte, len(e.buf), 2*cap(e.buf))
		copy(nb, e.buf)
		e.buf = nb
	}
	for range 100 {
		n, err := e.r.Read(e.buf[len(e.buf):cap(e.buf)])
		e.buf = e.buf[:len(e.buf)+n]
		if err == io.EOF {
			e.eof = true
		} else if err != nil {
			e.err = err
		}
		if n > 0 || err != nil {
			e.utf.extend(e.buf, e.eof)
			return n > 0
		}
	}
	e.err = io.ErrNoProgress
	return false
}

// space skips whitespace, reading more as needed, and reports whether a
// byte follows.
func (e *elemReader) space() bool {
	for {
		e.off = kernels.SkipSpace(e.buf, e.off)
		if e.off < len(e.buf) {
			return true
		}
		if !e.fill() {
			return false
		}
	}
}

func fastElements[T any](r io.Reader, s *opts.Struct, o []Options, flags dflags, lenient bool, yield func(T, error) bool) {
	var zero T
	e := &elemReader{r: r, buf: make([]byte, 0, elemBufSize), line: 1}
	array := false
	// handover passes the rest of the input, from buf[from:], to
	// streamElements. In an array, a made-up prefix puts its decoder in
	// the state the fast reader is in: "[" before the first element, `[""`
	// after an element, `["",` after a comma, "[]" after the array; the
	// made-up element is skipped, and the indexes in its errors' pointers
	// are shifted to count the k elements yielded.
	handover := func(from int, prefix string, k int) {
		fix := &elemFix{buf: e.buf, from: from, base: e.base, line: e.line, lineStart: e.lineStart, prefix: len(prefix), index: -1}
		mode := elemValues
		if array {
			mode = elemArray
			if len(prefix) > 2 { // `[""`, `["",`
				fix.skip, fix.index = true, k-1
			}
		}
		in := io.MultiReader(strings.NewReader(prefix), bytes.NewReader(e.buf[from:]), e.r)
		sd := stream.NewDecoder(in, stream.AllowInvalidUTF8(lenient), opts.Join(o...))
		streamElements(sd, flags, lenient, mode, fix, yield)
	}
	if !e.space() {
		if e.err != nil {
			yield(zero, e.err)
		}
		return
	}
	array = e.buf[e.off] == '['
	if array {
		e.off++
	}
	mode := scan.Mode(0)
	if lenient {
		mode = scan.AllowInvalidUTF8
	}
	depth := s.MaxDepth
	if depth <= 0 {
		depth = opts.DefaultMaxDepth
	}
	if array {
		depth--
	}
	p := planFor(reflect.TypeFor[T]())
	// (Strict input goes to the validator: the one-pass decoder replaces
	// lone surrogates and checks names and skipped values leniently.)
	one := p.onePass() && depth > maxOneDepth && lenient
	var sp *plan
	if p.kind == pStruct && !p.generic && !p.topMethods {
		sp = p
	}
	d := new(decodeState)
	d.strCap = elemChunk
	slot := new(T) // decoded into here, and handed out by copy
	ptr := unsafe.Pointer(slot)
	k := 0 // elements yielded
	// The made-up prefix for a handover at a value (see handover).
	at := func() string {
		switch {
		case !array:
			return ""
		case k == 0:
			return "["
		}
		return `["",`
	}
	for {
		if !e.space() {
			switch {
			case e.err != nil:
				yield(zero, e.err)
			case array: // unexpected end of input
				if k == 0 {
					handover(e.off, "[", k)
				} else {
					handover(e.off, `[""`, k)
				}
			}
			return
		}
		if array {
			c := e.buf[e.off]
			if k > 0 && c == ',' {
				e.off++
				if !e.space() {
					if e.err != nil {
						yield(zero, e.err)
					} else {
						handover(e.off, `["",`, k)
					}
					return
				}
				if e.buf[e.off] == ']' { // a syntax error in the bytes read comes before a read error after them
					handover(e.off, `["",`, k)
					return
				}
			} else if c == ']' {
				e.off++
				if e.space() { // data after the array
					handover(e.off, "[]", k)
				} else if e.err != nil {
					yield(zero, e.err)
				}
				return
			} else if k > 0 {
				handover(e.off, `[""`, k)
				return
			}
		}
		start := e.off
	again:
		if one && !e.utf.bad() && start < e.utf.valid {
			d.init(e.buf[start:e.utf.valid], flags|dValidUTF8)
			if d.oValue(ptr, p, 0) && (d.off < len(d.data) || e.eof && e.utf.valid == len(e.buf)) {
				e.off = start + d.off
				v := *slot
				*slot = zero
				if !yield(v, nil) {
					return
				}
				k++
				continue
			}
			*slot = zero
			d.undo()
		}
		n, code := scan.Value(e.buf[start:], mode, depth, e.eof)
		if code == scan.Incomplete && !e.eof {
			if e.err != nil { // after the last bytes read
				yield(zero, e.err)
				return
			}
			// Read at least as much again as there is of the value (so
			// that a long value read in small pieces is not rescanned for
			// each), or to the end of input or a read error.
			have := len(e.buf) - start
			e.off = start
			for len(e.buf)-e.off < 2*have+64 && e.fill() {
			}
			start = e.off
			goto again
		}
		if code != scan.OK {
			handover(start, at(), k)
			return
		}
		raw := e.buf[start : start+n]
		e.off = start + n
		f := flags
		if lenient {
			f |= utf8Flag(raw)
		}
		d.init(raw, f)
		var err error
		if sp != nil {
			err = d.unmarshalStruct(reflect.NewAt(sp.t, ptr).Elem(), sp)
		} else {
			err = d.unmarshal(slot)
		}
		v := *slot
		*slot = zero
		if !yield(v, err) {
			return
		}
		k++
	}
}

// elemFix maps the positions of errors from streamElements, reading the
// input from buf[from:] (after prefix bytes of its own), onto the whole
// input.
type elemFix struct {
	buf       []byte // the fast reader's buffer
	from      int
	prefix    int
	skip      bool // the first element was yielded already
	index     int  // the index of the element at from, or -1
	base      int64
	line      int
	lineStart int64
}

func (f *elemFix) fix(err error) error {
	se, ok := err.(*errs.SyntaxError)
	if !ok {
		return err
	}
	c := *se
	rel := max(int(se.Offset)-f.prefix, 0)
	at := f.from + rel
	c.Offset = f.base + int64(at)
	if at <= len(f.buf) {
		c.Line, c.Column = errs.Locate(f.buf, at, f.line, f.lineStart, f.base)
		c.Quote = errs.QuoteAt(f.buf, at)
	} else if line, col := errs.Locate(f.buf, f.from, f.line, f.lineStart, f.base); se.Line == 1 {
		c.Line, c.Column = line, col+rel
	} else {
		c.Line = line + se.Line - 1
	}
	if f.index > 0 {
		c.Pointer = shiftIndex(c.Pointer, f.index)
	}
	return &c
}

// shiftIndex adds k to the array index that JSON Pointer ptr starts with.
func shiftIndex(ptr string, k int) string {
	if len(ptr) < 2 || ptr[0] != '/' {
		return ptr
	}
	seg, rest, more := strings.Cut(ptr[1:], "/")
	i, err := strconv.Atoi(seg)
	if err != nil {
		return ptr
	}
	if more {
		rest = "/" + rest
	}
	return "/" + strconv.Itoa(i+k) + rest
}

// ParallelElements decodes NDJSON (one JSON value per line; blank lines
// are skipped) from r on GOMAXPROCS goroutines and yields the values in
// input order. A bounded window of lines is in flight, so memory stays
// bounded however long the input is. Each line is decoded as UnmarshalWith
// with the options would; an error in a line (syntax or type) is yielded
// with that line's value and iteration goes on; a read error ends it.
// Breaking out of the loop stops the workers and reading.
func ParallelElements[T any](r io.Reader, o ...Options) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		workers := runtime.GOMAXPROCS(0)
		p := &pipeline[T]{
			o:     o,
			jobs:  make(chan *batch[T], workers),
			order: make(chan *batch[T], 2*workers+2),
			done:  make(chan struct{}),
		}
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.work()
			}()
		}
		go p.read(r)
		defer func() {
			close(p.done)
			for range p.order { // let the reader finish
			}
			wg.Wait()
		}()
		for b := range p.order {
			<-b.ready
			for i := range b.vals {
				if !yield(b.vals[i], b.errs[i]) {
					return
				}
			}
			if b.readErr != nil {
				yield(*new(T), b.readErr)
				return
			}
		}
	}
}

// A batch is a run of lines decoded by one worker.
type batch[T any] struct {
	buf     []byte
	ends    []int // end offset of each line in buf
	vals    []T
	errs    []error
	readErr error // a read error after the lines
	ready   chan struct{}
}

type pipeline[T any] struct {
	o     []Options
	jobs  chan *batch[T] // to the workers
	order chan *batch[T] // to the consumer, in input order
	done  chan struct{}  // closed when the consumer stops
}

const (
	batchBytes = 64 << 10 // a batch is about this much input...
	batchLines = 512      // ...or this many lines
)

// read splits the input into batches of lines.
func (p *pipeline[T]) read(r io.Reader) {
	defer close(p.order)
	defer close(p.jobs)
	br := bufio.NewReaderSize(r, batchBytes)
	for {
		b := &batch[T]{ready: make(chan struct{}), buf: make([]byte, 0, batchBytes+batchBytes/4)}
		var err error
		for len(b.ends) < batchLines && len(b.buf) < batchBytes {
			var line []byte
			line, err = br.ReadSlice('\n')
			for err == bufio.ErrBufferFull { // a long line
				b.buf = append(b.buf, line...)
				line, err = br.ReadSlice('\n')
			}
			b.buf = append(b.buf, line...)
			start := 0
			if n := len(b.ends); n > 0 {
				start = b.ends[n-1]
			}
			if len(bytes.TrimSpace(b.buf[start:])) == 0 {
				b.buf = b.buf[:start] // a blank line
			} else {
				b.ends = append(b.ends, len(b.buf))
			}
			if err != nil {
				break
			}
		}
		if err != nil && err != io.EOF {
			b.readErr = err
		}
		if len(b.ends) == 0 && b.readErr == nil {
			return // the end of input
		}
		select {
		case p.order <- b:
		case <-p.done:
			return
		}
		select {
		case p.jobs <- b:
		case <-p.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// work decodes batches until the reader closes jobs.
func (p *pipeline[T]) work() {
	for b := range p.jobs {
		b.vals = make([]T, len(b.ends))
		b.errs = make([]error, len(b.ends))
		start := 0
		for i, end := range b.ends {
			select {
			case <-p.done:
				close(b.ready)
				return
			default:
			}
			b.errs[i] = UnmarshalWith(b.buf[start:end], &b.vals[i], p.o...)
			start = end
		}
		close(b.ready)
	}
}
