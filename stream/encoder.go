package stream

import (
	"bytes"
	"io"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// An Encoder writes JSON tokens and values to an io.Writer, checking the
// grammar as it goes: a name where a name belongs, every container closed
// by its own delimiter, valid number text. Each top-level value is
// followed by a newline and flushed, so an Encoder writes NDJSON when fed
// several values. Output is compact unless WithIndent is given.
//
// An Encoder is not safe for concurrent use.
type Encoder struct {
	o    opts.Struct
	qf   scan.QuoteFlags
	w    io.Writer
	buf  []byte
	err  error
	exp  expect
	objs []bool // open containers: true for an object
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer, o ...Options) *Encoder {
	e := &Encoder{o: opts.Collect(o...), w: w}
	if e.o.Has(opts.EscapeHTML) {
		e.qf |= scan.QuoteHTML
	}
	if e.o.Has(opts.EscapeLineTerminators) {
		e.qf |= scan.QuoteLineTerminators
	}
	if e.o.Has(opts.AllowInvalidUTF8) {
		e.qf |= scan.QuoteInvalidUTF8
	}
	return e
}

// Reset makes e write to w from the top level, keeping its options.
func (e *Encoder) Reset(w io.Writer) {
	e.w, e.buf, e.err, e.exp, e.objs = w, e.buf[:0], nil, expTop, e.objs[:0]
}

// Depth returns the number of open arrays and objects.
func (e *Encoder) Depth() int { return len(e.objs) }

func (e *Encoder) fail(msg string) error { return e.failWith(msg, errs.ErrSyntax) }

// failWith makes a sticky error wrapping sentinel.
func (e *Encoder) failWith(msg string, sentinel error) error {
	e.err = &errs.Detail{Msg: "celer: " + msg, Sentinel: sentinel}
	return e.err
}

// separate writes what must come before a token of kind k (a closer when
// closing) and updates the grammar state.
func (e *Encoder) separate(k Kind, name bool) error {
	closing := k == KindEndObject || k == KindEndArray
	switch e.exp {
	case expCommaOrEnd:
		if closing {
			e.newline(len(e.objs) - 1)
			return nil
		}
		e.buf = append(e.buf, ',')
		e.newline(len(e.objs))
	case expNameOrEnd, expValueOrEnd:
		if closing {
			return nil
		}
		e.newline(len(e.objs))
	case expTop, expValue, expName:
		if closing {
			return e.fail("unexpected " + k.String())
		}
	}
	inObj := len(e.objs) > 0 && e.objs[len(e.objs)-1]
	wantName := inObj && e.exp != expValue
	if wantName && !name {
		return e.fail("expected a string for an object member name, got " + k.String())
	}
	return nil
}

func (e *Encoder) newline(depth int) {
	if e.o.Has(opts.Multiline) {
		e.buf = appendNewline(e.buf, e.o.Prefix, e.o.Indent, depth)
	}
}

// WriteToken writes one token. A string token written where an object
// member name belongs is the name.
func (e *Encoder) WriteToken(t Token) error {
	if e.err != nil {
		return e.err
	}
	k := t.kd()
	inObj := len(e.objs) > 0 && e.objs[len(e.objs)-1]
	name := inObj && (e.exp == expName || e.exp == expNameOrEnd || e.exp == expCommaOrEnd)
	if name && k != KindString && k != KindEndObject {
		return e.fail("expected a string for an object member name, got " + k.String())
	}
	if err := e.separate(k, name); err != nil {
		return err
	}
	switch k {
	case KindBeginObject, KindBeginArray:
		if len(e.objs) >= e.o.MaxDepth {
			return e.failWith("exceeded max depth", errs.ErrDepth)
		}
		e.buf = append(e.buf, byte(k))
		e.objs = append(e.objs, k == KindBeginObject)
		e.exp = expValueOrEnd
		if k == KindBeginObject {
			e.exp = expNameOrEnd
		}
		return nil
	case KindEndObject, KindEndArray:
		if len(e.objs) == 0 || e.objs[len(e.objs)-1] != (k == KindEndObject) {
			return e.fail("unexpected " + k.String())
		}
		e.buf = append(e.buf, byte(k))
		e.objs = e.objs[:len(e.objs)-1]
		return e.valueEnd()
	case KindString:
		if err := e.appendString(t); err != nil {
			return err
		}
		if name {
			e.buf = append(e.buf, ':')
			if e.o.Has(opts.Multiline) {
				e.buf = append(e.buf, ' ')
			}
			e.exp = expValue
			return nil
		}
	case KindNumber:
		start := len(e.buf)
		var err error
		if e.buf, err = t.appendTo(e.buf, e.qf); err != nil {
			e.buf = e.buf[:start]
			return e.fail(err.Error())
		}
		if t.nk() == numText {
			if n, code := scan.Number(e.buf[start:], true); code != scan.OK || start+n != len(e.buf) {
				e.buf = e.buf[:start]
				return e.fail("invalid number " + string(t.rawb()))
			}
		}
	case KindNull, KindTrue, KindFalse:
		e.buf = append(e.buf, t.rawb()...)
	default:
		return e.fail("invalid token")
	}
	return e.valueEnd()
}

// appendString writes a string token, re-quoting decoded text only when
// this Encoder escapes more than the input did.
func (e *Encoder) appendString(t Token) error {
	if t.goStr() {
		var err error
		start := len(e.buf)
		if e.buf, err = scan.AppendQuoteBytes(e.buf, t.rawb(), e.qf); err != nil {
			e.buf = e.buf[:start]
			e.err = &errs.Detail{Msg: "celer: invalid UTF-8 in string", Sentinel: errs.ErrInvalidUTF8}
			return e.err
		}
		return nil
	}
	if e.qf&(scan.QuoteHTML|scan.QuoteLineTerminators) == 0 && t.flags()&scan.NonASCII == 0 || !needsRequote(t.rawb(), e.qf) {
		e.buf = append(e.buf, t.rawb()...)
		return nil
	}
	var err error
	e.buf, err = scan.AppendQuoteBytes(e.buf, scan.AppendUnquote(nil, t.rawb()), e.qf|scan.QuoteInvalidUTF8)
	return err
}

func needsRequote(raw []byte, qf scan.QuoteFlags) bool {
	if qf&scan.QuoteHTML != 0 && bytes.ContainsAny(raw, "<>&") {
		return true
	}
	return qf&scan.QuoteLineTerminators != 0 && (bytes.Contains(raw, []byte("\u2028")) || bytes.Contains(raw, []byte("\u2029")))
}

// valueEnd updates the state after a complete value; at the top level it
// ends the value with a newline and flushes.
func (e *Encoder) valueEnd() error {
	if len(e.objs) > 0 {
		e.exp = expCommaOrEnd
		if len(e.buf) >= flushAt {
			return e.Flush()
		}
		return nil
	}
	e.exp = expTop
	e.buf = append(e.buf, '\n')
	return e.Flush()
}

// WriteValue writes one complete JSON value given as text, after checking
// it. The value is re-formatted (compacted, or indented to its depth) to
// match the Encoder's output.
func (e *Encoder) WriteValue(v []byte) error {
	if e.err != nil {
		return e.err
	}
	if err := Validate(v, e.valueOpts()...); err != nil {
		return err
	}
	k := kindOf(v[skipLeading(v)])
	inObj := len(e.objs) > 0 && e.objs[len(e.objs)-1]
	name := inObj && e.exp != expValue
	if name && k != KindString {
		return e.fail("expected a string for an object member name, got " + k.String())
	}
	if err := e.separate(k, name); err != nil {
		return err
	}
	if e.o.Has(opts.Multiline) {
		prefix := e.o.Prefix
		for range e.objs {
			prefix += e.o.Indent
		}
		v = bytes.TrimRight(v, " \t\r\n")
		e.buf = appendIndentValid(e.buf, v, prefix, e.o.Indent)
	} else {
		e.buf = appendCompactValid(e.buf, v)
	}
	if name {
		e.buf = append(e.buf, ':')
		if e.o.Has(opts.Multiline) {
			e.buf = append(e.buf, ' ')
		}
		e.exp = expValue
		return nil
	}
	return e.valueEnd()
}

func (e *Encoder) valueOpts() []Options {
	if e.o.Has(opts.AllowInvalidUTF8) {
		return []Options{AllowInvalidUTF8(true), MaxDepth(e.o.MaxDepth - len(e.objs))}
	}
	return []Options{MaxDepth(e.o.MaxDepth - len(e.objs))}
}

func skipLeading(v []byte) int {
	i := 0
	for i < len(v) && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r') {
		i++
	}
	return i
}

// Flush writes any buffered output to the underlying writer.
func (e *Encoder) Flush() error {
	if len(e.buf) == 0 {
		return e.err
	}
	if _, err := e.w.Write(e.buf); err != nil && e.err == nil {
		e.err = err
	}
	e.buf = e.buf[:0]
	return e.err
}
