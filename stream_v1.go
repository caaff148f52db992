package celer

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// A Decoder reads and decodes JSON values from an input stream, exactly as
// encoding/json's Decoder does: the same values, tokens, errors, input
// offsets and buffered bytes. It holds one top-level value (or, with
// Token, one token) in memory at a time.
//
// The buffer management and the token state machine are encoding/json's;
// finding where a value ends uses celer's scanner, and decoding the value
// uses the same plans as Unmarshal. An object or array that the buffer
// already holds whole (the usual case after the first value of a stream)
// is decoded into a zero value in one pass, as Unmarshal does; values of
// several Decode calls then share string chunks of up to 1 KiB. (It does not sit on stream.Decoder:
// encoding/json's Decoder exposes its buffer through Buffered and counts
// InputOffset from where its look-ahead stopped, which the v1 state
// machine below reproduces exactly.)
type Decoder struct {
	r       io.Reader
	buf     []byte
	scanp   int   // start of unread data in buf
	scanned int64 // amount of data already scanned
	err     error
	flags   dflags

	// scanBytes counts the bytes of every value read so far, which
	// encoding/json's scanner includes in the offsets of syntax errors.
	scanBytes int64
	vs        valueScanner

	tokenState int
	tokenStack []int

	utf utf8Prefix // how much of buf[scanp:] is known to be valid UTF-8

	d decodeState
}

// NewDecoder returns a new decoder that reads from r. It may read data
// from r beyond the JSON values requested.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// UseNumber causes the Decoder to unmarshal a number into an interface
// value as a Number instead of as a float64.
func (dec *Decoder) UseNumber() { dec.flags |= dUseNumber }

// DisallowUnknownFields causes the Decoder to return an error when the
// destination is a struct and the input contains object keys which do not
// match any non-ignored, exported fields in the destination.
func (dec *Decoder) DisallowUnknownFields() { dec.flags |= dDisallowUnknown }

// Decode reads the next JSON-encoded value from its input and stores it
// in the value pointed to by v. See Unmarshal.
func (dec *Decoder) Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return dec.syntaxError(errNotAtValue, 0)
	}
	if n, ok := dec.decodeBuffered(v); ok {
		dec.scanBytes += int64(n)
		dec.scanp += n
		dec.tokenValueEnd()
		return nil
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	raw := dec.buf[dec.scanp : dec.scanp+n]
	dec.d.init(raw, dec.flags|utf8Flag(raw))
	dec.scanp += n
	err = dec.d.unmarshal(v)
	dec.d.data = nil
	dec.tokenValueEnd()
	return err
}

// decodeBuffered decodes the next value in one pass (decode_onepass.go),
// if it is an object or array that the buffer holds whole (encoding/json
// would read no more input for it either: the closing bracket ends it)
// and v points to a zero value. It reports the value's length, leading
// whitespace included; on false nothing is consumed and v is unchanged.
func (dec *Decoder) decodeBuffered(v any) (int, bool) {
	b := dec.buf[dec.scanp:]
	i := kernels.SkipSpace(b, 0)
	if i >= len(b) || b[i] != '{' && b[i] != '[' {
		return 0, false
	}
	dec.utf.skip(dec.scanp) // (a value ends on a character boundary)
	dec.utf.extend(dec.buf, false)
	if b = dec.buf[dec.scanp:dec.utf.valid]; i >= len(b) {
		return 0, false
	}
	d := &dec.d
	d.strCap = elemChunk // values share chunks and slabs, as Elements' do
	d.init(b, dec.flags)
	d.off = i
	ok := d.onePassPrefix(v)
	n := d.off
	d.data = nil
	return n, ok
}

// Buffered returns a reader of the data remaining in the Decoder's
// buffer. The reader is valid until the next call to Decode.
func (dec *Decoder) Buffered() io.Reader {
	return bytes.NewReader(dec.buf[dec.scanp:])
}

// readValue finds the end of the next JSON value in the buffer, reading
// more input as needed, and returns its length from dec.scanp (leading
// whitespace included, as encoding/json counts it). It reads more input
// exactly when encoding/json's byte-at-a-time scanner would: when the
// value is not complete, or is a top-level scalar whose end is not yet
// confirmed by a following byte or the end of input.
func (dec *Decoder) readValue() (int, error) {
	var err error
	dec.vs.reset()
	for {
		n, code := dec.vs.scan(dec.buf[dec.scanp:], err == io.EOF)
		switch code {
		case scan.OK:
			dec.scanBytes += int64(n)
			return n, nil
		case scan.Incomplete:
		default:
			dec.err = dec.scannerError(dec.buf[dec.scanp : dec.scanp+n+1])
			return 0, dec.err
		}
		if err != nil {
			if err == io.EOF && nonSpace(dec.buf[dec.scanp:]) {
				err = io.ErrUnexpectedEOF
			}
			dec.err = err
			return 0, err
		}
		err = dec.refill()
	}
}

// scannerError returns encoding/json's error for a value whose first bad
// byte is the last of b. encoding/json's scanner counts the bytes of
// every value read so far in its error offsets: the same bytes (as
// spaces) before b make encoding/json's scanner stop at the same byte
// with the same message and offset.
func (dec *Decoder) scannerError(b []byte) error {
	prior := dec.scanBytes
	if prior > maxReplayOffset {
		return &errs.SyntaxError{Offset: prior + int64(len(b)), Err: &errs.Detail{Msg: "invalid JSON syntax", Sentinel: errs.ErrSyntax}}
	}
	in := make([]byte, int(prior)+len(b))
	for i := range int(prior) {
		in[i] = ' '
	}
	copy(in[prior:], b)
	return stdSyntaxError(in)
}

// valueScanner finds the end of one JSON value in a buffer that grows,
// resuming at the last token boundary after each refill, so that a value
// read in many small pieces is still scanned in linear time.
type valueScanner struct {
	pos   int    // offset (from the value's start) where scanning resumes
	stack []bool // open containers: true for an object
	exp   uint8  // what may come at pos
	str   int    // resume offset inside a string token at pos, or 0
}

const (
	vsValue      uint8 = iota // a value (top level, after ':' or an array's ',')
	vsValueOrEnd              // a value or ']'
	vsNameOrEnd               // a member name or '}'
	vsName                    // a member name
	vsColon                   // ':'
	vsCommaOrEnd              // ',' or the container's end
)

func (s *valueScanner) reset() {
	s.pos, s.exp, s.str = 0, vsValue, 0
	s.stack = s.stack[:0]
}

// scan continues scanning b (the buffer from the value's start). It
// returns the value's length with OK, Incomplete when more input is
// needed, or the offset of the first bad byte with its code.
func (s *valueScanner) scan(b []byte, final bool) (int, scan.Code) {
	const mode = scan.AllowInvalidUTF8
	for {
		i := kernels.SkipSpace(b, s.pos)
		if i == len(b) {
			s.pos = i
			return 0, scan.Incomplete
		}
		c := b[i]
		switch s.exp {
		case vsColon:
			if c != ':' {
				return i, scan.BadColon
			}
			s.pos, s.exp = i+1, vsValue
			continue
		case vsCommaOrEnd:
			obj := s.stack[len(s.stack)-1]
			switch {
			case c == ',':
				s.pos, s.exp = i+1, vsValue
				if obj {
					s.exp = vsName
				}
				continue
			case c == '}' && obj, c == ']' && !obj:
				s.stack = s.stack[:len(s.stack)-1]
				s.pos = i + 1
				if len(s.stack) == 0 {
					return s.pos, scan.OK
				}
				continue
			case obj:
				return i, scan.BadObject
			default:
				return i, scan.BadArray
			}
		case vsNameOrEnd, vsName:
			if c == '}' && s.exp == vsNameOrEnd {
				s.stack = s.stack[:len(s.stack)-1]
				s.pos, s.exp = i+1, vsCommaOrEnd
				if len(s.stack) == 0 {
					return s.pos, scan.OK
				}
				continue
			}
			if c != '"' {
				return i, scan.BadName
			}
			end, code := s.scanString(b, i, mode)
			if code != scan.OK {
				return end, code
			}
			s.pos, s.exp = end, vsColon
			continue
		case vsValueOrEnd:
			if c == ']' {
				s.stack = s.stack[:len(s.stack)-1]
				s.pos, s.exp = i+1, vsCommaOrEnd
				if len(s.stack) == 0 {
					return s.pos, scan.OK
				}
				continue
			}
		}
		// A value.
		var n int
		var code scan.Code
		switch c {
		case '{', '[':
			if len(s.stack) >= opts.DefaultMaxDepth {
				return i, scan.TooDeep
			}
			s.stack = append(s.stack, c == '{')
			s.pos, s.exp = i+1, vsValueOrEnd
			if c == '{' {
				s.exp = vsNameOrEnd
			}
			continue
		case '"':
			n, code = s.scanString(b, i, mode)
			if code != scan.OK {
				return n, code
			}
			n -= i
		case 't':
			n, code = scan.Literal(b[i:], "true")
		case 'f':
			n, code = scan.Literal(b[i:], "false")
		case 'n':
			n, code = scan.Literal(b[i:], "null")
		default:
			if c != '-' && c-'0' >= 10 {
				return i, scan.BadValue
			}
			n, code = scan.Number(b[i:], final)
		}
		if code == scan.Incomplete {
			s.pos = i
			return 0, code
		}
		if code != scan.OK {
			return i + n, code
		}
		if len(s.stack) == 0 {
			// A top-level scalar ends where the next byte (or the end of
			// input) confirms it.
			if i+n == len(b) && !final {
				s.pos = i
				return 0, scan.Incomplete
			}
			return i + n, scan.OK
		}
		s.pos, s.exp = i+n, vsCommaOrEnd
	}
}

// scanString scans the string token at b[i], resuming inside it after an
// earlier Incomplete. It returns the offset after the token with OK, or
// the offset of the bad byte with its code.
func (s *valueScanner) scanString(b []byte, i int, mode scan.Mode) (int, scan.Code) {
	resume := 1
	if s.str > 0 && s.pos == i {
		resume = s.str
	}
	n, _, code := scan.String(b[i:], resume, mode)
	switch code {
	case scan.OK:
		s.str = 0
		return i + n, code
	case scan.Incomplete:
		s.pos, s.str = i, n
		return 0, code
	}
	s.str = 0
	return i + n, code
}

// refill reads more data into the buffer, exactly as encoding/json does
// (which decides what Buffered returns).
func (dec *Decoder) refill() error {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.utf.shift(dec.scanp)
		dec.scanp = 0
	}
	const minRead = 512
	if cap(dec.buf)-len(dec.buf) < minRead {
		newBuf := make([]byte, len(dec.buf), 2*cap(dec.buf)+minRead)
		copy(newBuf, dec.buf)
		dec.buf = newBuf
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[0 : len(dec.buf)+n]
	return err
}

func nonSpace(b []byte) bool {
	return kernels.SkipSpace(b, 0) < len(b)
}

// The token state machine, as in encoding/json.
const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

// advance tokenState from a separator state to a value state.
func (dec *Decoder) tokenPrepareForDecode() error {
	switch dec.tokenState {
	case tokenArrayComma:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ',' {
			return dec.syntaxError(errExpectedComma, c)
		}
		dec.scanp++
		dec.tokenState = tokenArrayValue
	case tokenObjectColon:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ':' {
			return dec.syntaxError(errExpectedColon, c)
		}
		dec.scanp++
		dec.tokenState = tokenObjectValue
	}
	return nil
}

func (dec *Decoder) tokenValueAllowed() bool {
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (dec *Decoder) tokenValueEnd() {
	switch dec.tokenState {
	case tokenArrayStart, tokenArrayValue:
		dec.tokenState = tokenArrayComma
	case tokenObjectValue:
		dec.tokenState = tokenObjectComma
	}
}

// Token returns the next JSON token in the input stream. At the end of
// the input stream, Token returns nil, io.EOF. See encoding/json's
// Decoder.Token: Delim for [ ] { }, bool, float64 (or Number), string and
// nil; commas and colons are elided and checked.
func (dec *Decoder) Token() (Token, error) {
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		switch c {
		case '[':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			dec.tokenState = tokenArrayStart
			return Delim('['), nil
		case ']':
			if dec.tokenState != tokenArrayStart && dec.tokenState != tokenArrayComma {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
			dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
			dec.tokenValueEnd()
			return Delim(']'), nil
		case '{':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			dec.tokenState = tokenObjectStart
			return Delim('{'), nil
		case '}':
			if dec.tokenState != tokenObjectStart && dec.tokenState != tokenObjectComma {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
			dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
			dec.tokenValueEnd()
			return Delim('}'), nil
		case ':':
			if dec.tokenState != tokenObjectColon {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = tokenObjectValue
			continue
		case ',':
			if dec.tokenState == tokenArrayComma {
				dec.scanp++
				dec.tokenState = tokenArrayValue
				continue
			}
			if dec.tokenState == tokenObjectComma {
				dec.scanp++
				dec.tokenState = tokenObjectKey
				continue
			}
			return dec.tokenError(c)
		case '"':
			if dec.tokenState == tokenObjectStart || dec.tokenState == tokenObjectKey {
				var x string
				old := dec.tokenState
				dec.tokenState = tokenTopValue
				err := dec.Decode(&x)
				dec.tokenState = old
				if err != nil {
					return nil, err
				}
				dec.tokenState = tokenObjectColon
				return x, nil
			}
			fallthrough
		default:
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			var x any
			if err := dec.Decode(&x); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
}

func (dec *Decoder) tokenError(c byte) (Token, error) {
	return nil, dec.syntaxError(errTokenState, c)
}

// More reports whether there is another element in the current array or
// object being parsed.
func (dec *Decoder) More() bool {
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// peek returns the next non-space byte without consuming it.
func (dec *Decoder) peek() (byte, error) {
	var err error
	for {
		if i := kernels.SkipSpace(dec.buf, dec.scanp); i < len(dec.buf) {
			dec.scanp = i
			return dec.buf[i], nil
		}
		if err != nil {
			return 0, err
		}
		err = dec.refill()
	}
}

// InputOffset returns the input stream byte offset of the current decoder
// position. The offset gives the location of the end of the most recently
// returned token and the beginning of the next token.
func (dec *Decoder) InputOffset() int64 {
	return dec.scanned + int64(dec.scanp)
}

// Token state errors. encoding/json's SyntaxError has an unexported
// message, so these are produced by encoding/json itself (DESIGN.md D1):
// a std Decoder is driven into the same state at the same input offset
// and asked for the same token. This costs O(offset) on the error path;
// beyond maxReplayOffset a *stream.SyntaxError-like celer error is
// returned instead.
type tokenErrKind uint8

const (
	errTokenState tokenErrKind = iota
	errExpectedComma
	errExpectedColon
	errNotAtValue
)

const maxReplayOffset = 64 << 20

// v1Contexts are encoding/json's tokenError contexts by state.
var v1Contexts = [...]string{
	tokenTopValue:    " looking for beginning of value",
	tokenArrayStart:  " looking for beginning of value",
	tokenArrayValue:  " looking for beginning of value",
	tokenObjectValue: " looking for beginning of value",
	tokenArrayComma:  " after array element",
	tokenObjectKey:   " looking for beginning of object key string",
	tokenObjectStart: "",
	tokenObjectColon: " after object key",
	tokenObjectComma: " after object key:value pair",
}

func (dec *Decoder) syntaxError(kind tokenErrKind, c byte) error {
	off := dec.InputOffset()
	state := dec.tokenState
	switch kind {
	case errExpectedComma:
		state = tokenArrayComma
	case errExpectedColon:
		state = tokenObjectColon
	}
	// The shortest input that reaches each state, and the number of std
	// Token calls that get there.
	var prefix string
	calls := 0
	switch state {
	case tokenArrayComma:
		prefix, calls = "[0", 2
	case tokenObjectStart:
		prefix, calls = "{", 1
	case tokenObjectKey:
		prefix, calls = `{"":0,`, 3
	case tokenObjectColon:
		prefix, calls = `{""`, 2
	case tokenObjectComma:
		prefix, calls = `{"":0`, 3
	}
	pad := off - int64(len(prefix))
	if pad >= 0 && off <= maxReplayOffset {
		var in []byte
		if kind == errNotAtValue {
			// The state is reached at the end of the prefix, with nothing
			// after it (a Token call consumed the comma and met EOF).
			in = append(bytes.Repeat([]byte{' '}, int(pad)), prefix...)
			if state == tokenObjectKey {
				calls++
			}
		} else {
			in = append([]byte(prefix), bytes.Repeat([]byte{' '}, int(pad))...)
			in = append(in, c)
		}
		std := json.NewDecoder(bytes.NewReader(in))
		for range calls {
			std.Token()
		}
		var err error
		if kind == errTokenState {
			_, err = std.Token()
		} else {
			var x any
			err = std.Decode(&x)
		}
		if se, ok := err.(*json.SyntaxError); ok && se.Offset == off {
			return se
		}
	}
	// Not reproducible (too far into the input): the same message in
	// celer's own positioned error.
	var msg string
	switch kind {
	case errTokenState:
		msg = "invalid character " + scan.QuoteChar(c) + v1Contexts[state]
	case errExpectedComma:
		msg = "expected comma after array element"
	case errExpectedColon:
		msg = "expected colon after object key"
	default:
		msg = "not at beginning of value"
	}
	return &errs.SyntaxError{Offset: off, Err: &errs.Detail{Msg: msg, Sentinel: errs.ErrSyntax}}
}
