package stream

import (
	"bytes"
	"io"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// AppendCompact appends src to dst with insignificant whitespace removed.
// The output is byte-identical to encoding/json.Compact's for the same
// valid input; number and string text is never altered. On error dst is
// returned unchanged along with a *SyntaxError.
func AppendCompact(dst, src []byte, o ...Options) ([]byte, error) {
	src = unshared(dst, src)
	if len(src) >= indexedFormat {
		s := opts.Collect(o...)
		if !s.Has(opts.RejectDuplicateNames) && s.MaxBytes <= 0 && s.MaxTokenBytes <= 0 {
			if out, ok := scan.AppendCompactIndexed(dst, src, modeOf(&s), s.MaxDepth); ok {
				return out, nil
			}
		}
	}
	if err := Validate(src, o...); err != nil {
		return dst, err
	}
	return appendCompactValid(dst, src), nil
}

// unshared returns src, or a copy of it if appending to dst could write
// over it (as in AppendCompact(buf[:0], buf)).
func unshared(dst, src []byte) []byte {
	if len(src) == 0 || cap(dst) == len(dst) {
		return src
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(dst))) + uintptr(len(dst))
	hi := uintptr(unsafe.Pointer(unsafe.SliceData(dst))) + uintptr(cap(dst))
	s := uintptr(unsafe.Pointer(unsafe.SliceData(src)))
	if s < hi && lo < s+uintptr(len(src)) {
		return bytes.Clone(src)
	}
	return src
}

// indexedFormat is the input size from which formatting walks the
// structural index rather than every byte.
const indexedFormat = 1024

// appendCompactValid strips whitespace from valid JSON.
func appendCompactValid(dst, src []byte) []byte {
	start := 0
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '"':
			i = stringEnd(src, i)
		case c <= ' ': // whitespace: valid JSON has no other bytes here
			dst = append(dst, src[start:i]...)
			i = kernels.SkipSpace(src, i)
			start = i
		default:
			i++
		}
	}
	return append(dst, src[start:]...)
}

// stringEnd returns the offset just past the valid string token at src[i].
func stringEnd(src []byte, i int) int {
	i++
	for {
		n, _ := kernels.StringRun(src[i:])
		i += n
		if src[i] == '"' {
			return i + 1
		}
		i += 2 // a backslash escape; \uXXXX's digits are plain bytes
	}
}

// AppendIndent appends src to dst formatted with one element per line,
// each line starting with prefix and one indent per nesting level. The
// output is byte-identical to encoding/json.Indent's for the same valid
// input: empty arrays and objects stay "[]" and "{}", leading whitespace
// is dropped and trailing whitespace kept. On error dst is returned
// unchanged along with a *SyntaxError.
func AppendIndent(dst, src []byte, prefix, indent string, o ...Options) ([]byte, error) {
	src = unshared(dst, src)
	if len(src) >= indexedFormat {
		s := opts.Collect(o...)
		if !s.Has(opts.RejectDuplicateNames) && s.MaxBytes <= 0 && s.MaxTokenBytes <= 0 {
			if out, ok := scan.AppendIndentIndexed(dst, src, prefix, indent, modeOf(&s), s.MaxDepth); ok {
				return out, nil
			}
		}
	}
	if err := Validate(src, o...); err != nil {
		return dst, err
	}
	return appendIndentValid(dst, src, prefix, indent), nil
}

func appendNewline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for ; depth > 0; depth-- {
		dst = append(dst, indent...)
	}
	return dst
}

// appendIndentValid indents valid JSON.
func appendIndentValid(dst, src []byte, prefix, indent string) []byte {
	depth := 0
	i := kernels.SkipSpace(src, 0)
	for i < len(src) {
		c := src[i]
		switch c {
		case '"':
			j := stringEnd(src, i)
			dst = append(dst, src[i:j]...)
			i = j
		case '{', '[':
			dst = append(dst, c)
			j := kernels.SkipSpace(src, i+1)
			if src[j] == c+2 { // '{'+2 == '}', '['+2 == ']'
				dst = append(dst, src[j])
				i = j + 1
				break
			}
			depth++
			dst = appendNewline(dst, prefix, indent, depth)
			i = j
		case '}', ']':
			depth--
			dst = appendNewline(dst, prefix, indent, depth)
			dst = append(dst, c)
			i++
		case ',':
			dst = append(dst, c)
			dst = appendNewline(dst, prefix, indent, depth)
			i = kernels.SkipSpace(src, i+1)
		case ':':
			dst = append(dst, ':', ' ')
			i = kernels.SkipSpace(src, i+1)
		case ' ', '\t', '\n', '\r':
			j := kernels.SkipSpace(src, i)
			if depth == 0 && j == len(src) {
				return append(dst, src[i:]...) // trailing whitespace is kept
			}
			i = j
		default: // a number or literal
			j := i + 1
			for j < len(src) && src[j] > ' ' && src[j] != ',' && src[j] != ']' && src[j] != '}' {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
		}
		if depth == 0 && i < len(src) && kernels.IsSpace(src[i]) {
			return append(dst, src[i:]...)
		}
	}
	return dst
}

// Compact copies one JSON value from r to w with insignificant whitespace
// removed, streaming: memory stays bounded by the largest token. Output
// is byte-identical to encoding/json.Compact's. On error, w may have
// received part of the output.
func Compact(w io.Writer, r io.Reader, o ...Options) error {
	f := formatter{w: w}
	return f.run(NewDecoder(r, o...), false)
}

// Indent copies one JSON value from r to w indented as AppendIndent does,
// streaming: memory stays bounded by the largest token. Output is
// byte-identical to encoding/json.Indent's. On error, w may have received
// part of the output.
func Indent(w io.Writer, r io.Reader, prefix, indent string, o ...Options) error {
	f := formatter{w: w, prefix: prefix, indent: indent, multiline: true}
	return f.run(NewDecoder(r, o...), true)
}

// formatter re-emits a token stream compactly or indented.
type formatter struct {
	w         io.Writer
	buf       []byte
	prefix    string
	indent    string
	multiline bool
	err       error
}

const flushAt = 32 << 10

func (f *formatter) flush() error {
	if f.err == nil && len(f.buf) > 0 {
		_, f.err = f.w.Write(f.buf)
	}
	f.buf = f.buf[:0]
	return f.err
}

func (f *formatter) run(d *Decoder, keepTrailing bool) error {
	f.buf = make([]byte, 0, flushAt+4096)
	open, afterName := false, false // what the previous token was
	for {
		t, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				err = d.fail(d.pos, scan.Incomplete) // no value at all
			}
			return err
		}
		k := t.kd()
		opener := k == KindBeginObject || k == KindBeginArray
		closer := k == KindEndObject || k == KindEndArray
		depth := d.Depth() - boolInt(opener)
		switch {
		case open && closer: // an empty container stays "{}" or "[]"
		case afterName:
			f.buf = append(f.buf, ':')
			if f.multiline {
				f.buf = append(f.buf, ' ')
			}
		case open || closer:
			if f.multiline {
				f.buf = appendNewline(f.buf, f.prefix, f.indent, depth)
			}
		case depth > 0:
			f.buf = append(f.buf, ',')
			if f.multiline {
				f.buf = appendNewline(f.buf, f.prefix, f.indent, depth)
			}
		}
		f.buf = append(f.buf, t.rawb()...)
		open, afterName = opener, t.IsName()
		if len(f.buf) >= flushAt && f.flush() != nil {
			return f.err
		}
		if d.Depth() == 0 {
			break
		}
	}
	var fn func([]byte) error
	if keepTrailing {
		fn = func(ws []byte) error {
			f.buf = append(f.buf, ws...)
			if len(f.buf) >= flushAt {
				return f.flush()
			}
			return nil
		}
	}
	if err := d.trailing(fn); err != nil {
		return err
	}
	return f.flush()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
