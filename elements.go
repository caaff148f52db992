package celer

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"iter"
	"reflect"
	"runtime"
	"sync"

	"github.com/celerjson/celer/internal/opts"
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
func Elements[T any](r io.Reader, o ...Options) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		s := opts.Collect(o...)
		flags := decodeFlags(&s) &^ dZeroCopy
		lenient := flagOr(&s, opts.AllowInvalidUTF8, true)
		if !lenient {
			flags |= dValidUTF8 // the stream decoder checks every string
		}
		sd := stream.NewDecoder(r, stream.AllowInvalidUTF8(lenient), opts.Join(o...))
		var zero T
		array := false
		switch sd.PeekKind() {
		case stream.KindBeginArray:
			array = true
			if _, err := sd.ReadToken(); err != nil {
				yield(zero, err)
				return
			}
		case stream.KindInvalid: // end of input, or an error
			if _, err := sd.ReadToken(); err != io.EOF {
				yield(zero, err)
			}
			return
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
					yield(zero, err)
				}
				return
			}
			raw, err := sd.ReadValue()
			if err != nil {
				if err != io.EOF || array {
					yield(zero, err)
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
}

var errTrailingData = errors.New("celer: data after the top-level array")

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
