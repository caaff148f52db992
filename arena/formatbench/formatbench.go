package formatbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/bindbench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
	"github.com/celerjson/celer/arena/formatbench/msgptypes"
	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
)

// Operations, as used in benchmark names (followed by the format's name).
const (
	OpMarshal   = "Marshal"
	OpUnmarshal = "Unmarshal"
	OpTranscode = "Transcode"
)

// Ops lists the operations in table order, and Formats the formats.
var (
	Ops     = []string{OpMarshal, OpUnmarshal, OpTranscode}
	Formats = []string{"cbor", "msgpack", "bson", "ubjson"}
)

// A Doc is one benchmark input: JSON text and its Go values.
type Doc struct {
	Name string
	JSON []byte // the JSON text (a corpus file, or json.Marshal of a payload)

	New func() any // a pointer to a new zero value of the reference type
	Ref any        // the reference value: JSON decoded by encoding/json into New()

	NewGen func() any // the same for the msgptypes type (generated code)
	Gen    any

	Any any // JSON decoded by encoding/json into an empty interface
}

// neoPayloads are the NeoUBJSON message's payloads.
var neoPayloads = []struct {
	name         string
	v, mk, mkGen func() any
}{
	{"statuscodes", func() any { v := btypes.StatusCodes(dataset.StatusCodes()); return &v },
		func() any { return new(btypes.StatusCodes) }, func() any { return new(msgptypes.StatusCodes) }},
	{"1Kints", func() any { v := btypes.Ints(dataset.Ints(1024)); return &v },
		func() any { return new(btypes.Ints) }, func() any { return new(msgptypes.Ints) }},
	{"1Kbytes", func() any { v := btypes.Bytes(dataset.Bytes(1024, 10)); return &v },
		func() any { return new(btypes.Bytes) }, func() any { return new(msgptypes.Bytes) }},
}

// genTypes maps a corpus case to its msgptypes type.
var genTypes = map[string]func() any{
	"request":  func() any { return new(msgptypes.Request) },
	"user":     func() any { return new(msgptypes.User) },
	"db100":    func() any { return new(msgptypes.DB) },
	"people":   func() any { return new(msgptypes.People) },
	"twitter":  func() any { return new(msgptypes.Twitter) },
	"repos":    func() any { return new(msgptypes.Repos) },
	"citylots": func() any { return new(msgptypes.CityLots) },
	"citm":     func() any { return new(msgptypes.CITMCatalog) },
	"canada":   func() any { return new(msgptypes.Canada) },
	"citys":    func() any { return new(msgptypes.Citys) },
}

// Load reads every document of types.Cases from the corpus folder under
// shared and decodes it with encoding/json into its reference type and
// its msgptypes type, then adds the NeoUBJSON payloads.
func Load(shared string) ([]Doc, error) {
	var docs []Doc
	for _, c := range types.Cases {
		b, err := os.ReadFile(filepath.Join(shared, "corpus", c.File))
		if err != nil {
			return nil, err
		}
		mkGen := genTypes[c.Name]
		if mkGen == nil {
			return nil, fmt.Errorf("%s: no msgptypes type", c.Name)
		}
		d := Doc{Name: c.Name, JSON: b, New: c.New, NewGen: mkGen}
		if err := d.decode(); err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	for _, p := range neoPayloads {
		b, err := json.Marshal(p.v())
		if err != nil {
			return nil, err
		}
		d := Doc{Name: p.name, JSON: b, New: p.mk, NewGen: p.mkGen}
		if err := d.decode(); err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	return docs, nil
}

func (d *Doc) decode() error {
	d.Ref, d.Gen = d.New(), d.NewGen()
	if err := json.Unmarshal(d.JSON, d.Ref); err != nil {
		return fmt.Errorf("%s: %w", d.Name, err)
	}
	if err := json.Unmarshal(d.JSON, d.Gen); err != nil {
		return fmt.Errorf("%s: %w", d.Name, err)
	}
	if err := json.Unmarshal(d.JSON, &d.Any); err != nil {
		return fmt.Errorf("%s: %w", d.Name, err)
	}
	return nil
}

// Value returns the value c marshals for d, and newValue makes a value to
// unmarshal into: the msgptypes ones for generated code.
func (d *Doc) value(c *Contender) any {
	if c.Generated {
		return d.Gen
	}
	return d.Ref
}

func (d *Doc) newValue(c *Contender) any {
	if c.Generated {
		return d.NewGen()
	}
	return d.New()
}

// A Contender is one codec of one format.
type Contender struct {
	Format    string // "cbor", "msgpack", "bson", "ubjson"
	Name      string // "celer" or the library's short name
	Generated bool   // binds only msgptypes values

	Marshal   func(v any) ([]byte, error) // result may alias a reused buffer
	Unmarshal func(b []byte, v any) error
	// Transcode converts JSON text to the format; the result may alias a
	// reused buffer.
	Transcode func(src []byte) ([]byte, error)
}

// Key names a verdict and a benchmark: Op<F>/<doc>/<contender>.
func Key(op string, c *Contender, doc string) string {
	return op + strings.ToUpper(c.Format) + "/" + doc + "/" + c.Name
}

// Contenders returns celer's codec of every format, then every other
// library's (contender.FormatLibraries).
func Contenders() []*Contender {
	var out []*Contender
	for _, f := range Formats {
		out = append(out, Celer(f))
	}
	for _, f := range contender.FormatLibraries() {
		out = append(out, Library(f))
	}
	return out
}

// Celer returns celer's codec of format f at its defaults, but for
// transcoding: JSON number text that a binary number cannot hold exactly
// (most decimal fractions) becomes the nearest float64 (InexactAsFloat),
// which is what the decode+encode route does (encoding/json decodes every
// number to a float64). By default celer's writers reject such numbers.
func Celer(f string) *Contender {
	c := &Contender{Format: f, Name: "celer"}
	var buf []byte
	var out bytes.Buffer
	var w interface {
		token.Writer
		Reset(io.Writer)
	}
	switch f {
	case "cbor":
		c.Marshal = func(v any) (b []byte, err error) { buf, err = cbor.AppendMarshal(buf[:0], v); return buf, err }
		c.Unmarshal = func(b []byte, v any) error { return cbor.Unmarshal(b, v) }
		w = cbor.NewWriter(nil, cbor.InexactAsFloat(true))
	case "msgpack":
		c.Marshal = func(v any) (b []byte, err error) { buf, err = msgpack.AppendMarshal(buf[:0], v); return buf, err }
		c.Unmarshal = func(b []byte, v any) error { return msgpack.Unmarshal(b, v) }
		w = msgpack.NewWriter(nil, msgpack.InexactAsFloat(true))
	case "bson":
		c.Marshal = func(v any) (b []byte, err error) {
			if !isDocument(v) {
				return nil, contender.ErrUnsupported
			}
			buf, err = bson.AppendMarshal(buf[:0], v)
			return buf, err
		}
		c.Unmarshal = func(b []byte, v any) error {
			if !isDocument(v) {
				return contender.ErrUnsupported
			}
			return bson.Unmarshal(b, v)
		}
		w = bson.NewWriter(nil, bson.InexactAsFloat(true))
	case "ubjson":
		c.Marshal = func(v any) (b []byte, err error) { buf, err = ubjson.AppendMarshal(buf[:0], v); return buf, err }
		c.Unmarshal = func(b []byte, v any) error { return ubjson.Unmarshal(b, v) }
		w = ubjson.NewWriter(nil, ubjson.InexactAsFloat(true))
	default:
		panic("formatbench: unknown format " + f)
	}
	jr := token.NewJSONReaderBytes(nil)
	c.Transcode = func(src []byte) ([]byte, error) {
		if f == "bson" && !objectJSON(src) {
			return nil, contender.ErrUnsupported
		}
		out.Reset()
		jr.ResetBytes(src)
		w.Reset(&out)
		if _, err := token.Copy(w, jr); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	return c
}

// Library wraps another library's codec; its Transcode is the
// decode+encode route: encoding/json into an empty interface, then the
// library's Marshal.
func Library(f contender.Format) *Contender {
	c := &Contender{Format: f.Format(), Name: f.Name(), Marshal: f.Marshal, Unmarshal: f.Unmarshal}
	if l, ok := f.(interface{ Library() string }); ok {
		c.Name = l.Library()
	}
	if g, ok := f.(interface{ Generated() bool }); ok {
		c.Generated = g.Generated()
	}
	c.Transcode = func(src []byte) ([]byte, error) {
		if c.Format == "bson" && !objectJSON(src) {
			return nil, contender.ErrUnsupported
		}
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			return nil, err
		}
		return f.Marshal(v)
	}
	return c
}

// isDocument reports whether v, through pointers, is a struct or a map.
func isDocument(v any) bool {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && (t.Kind() == reflect.Struct || t.Kind() == reflect.Map)
}

// objectJSON reports whether JSON text src is an object.
func objectJSON(src []byte) bool {
	s := bytes.TrimLeft(src, " \t\r\n")
	return len(s) > 0 && s[0] == '{'
}

// Verdict is the result of checking one contender on one document and
// operation: nil Err means its answer is right; Unsupported means the
// contender cannot run it (a "—" in the tables).
type Verdict struct {
	Err         error
	Unsupported bool
	Size        int // bytes of the encoded output
}

// Verify runs every operation of every contender once on every document
// and checks the answers:
//
//   - Marshal and Unmarshal: the contender's Unmarshal of its own Marshal
//     output into a new value of the reference type must be deeply equal to
//     the reference value, and the output must be well-formed: celer's
//     reader of the format reads it to the end;
//   - Transcode: the output, read by celer's reader of the format and
//     written as JSON, must decode (encoding/json, into an empty interface)
//     to the same value as the input JSON.
func Verify(list []*Contender, docs []Doc) map[string]Verdict {
	out := map[string]Verdict{}
	for i := range docs {
		d := &docs[i]
		for _, c := range list {
			rt := check(c, d, roundTrip)
			out[Key(OpMarshal, c, d.Name)] = rt
			out[Key(OpUnmarshal, c, d.Name)] = rt
			out[Key(OpTranscode, c, d.Name)] = check(c, d, transcode)
		}
	}
	return out
}

func check(c *Contender, d *Doc, f func(*Contender, *Doc) (int, error)) (v Verdict) {
	defer func() {
		if r := recover(); r != nil {
			v = Verdict{Err: fmt.Errorf("panic: %v", r)}
		}
	}()
	n, err := f(c, d)
	if errors.Is(err, contender.ErrUnsupported) {
		return Verdict{Unsupported: true}
	}
	return Verdict{Err: err, Size: n}
}

func roundTrip(c *Contender, d *Doc) (int, error) {
	b, err := c.Marshal(d.value(c))
	if err != nil {
		return 0, err
	}
	b = bytes.Clone(b)
	if _, err := ToJSON(c.Format, b); err != nil {
		return 0, fmt.Errorf("marshal output is not well-formed %s: %w", c.Format, err)
	}
	v := d.newValue(c)
	if err := c.Unmarshal(b, v); err != nil {
		return 0, err
	}
	if !reflect.DeepEqual(v, d.value(c)) {
		return 0, errors.New("unmarshal(marshal(v)) differs from v")
	}
	return len(b), nil
}

func transcode(c *Contender, d *Doc) (int, error) {
	b, err := c.Transcode(d.JSON)
	if err != nil {
		return 0, err
	}
	js, err := ToJSON(c.Format, b)
	if err != nil {
		return 0, fmt.Errorf("output is not well-formed %s: %w", c.Format, err)
	}
	var got any
	if err := json.Unmarshal(js, &got); err != nil {
		return 0, fmt.Errorf("output read back as JSON: %w", err)
	}
	if !reflect.DeepEqual(got, d.Any) {
		return 0, errors.New("output read back differs from the input JSON")
	}
	return len(b), nil
}

// ToJSON reads b, one value of format f, with celer's reader and writes it
// as JSON text; trailing data is an error.
func ToJSON(f string, b []byte) ([]byte, error) {
	var r token.Reader
	switch f {
	case "cbor":
		r = cbor.NewReaderBytes(b)
	case "msgpack":
		r = msgpack.NewReaderBytes(b)
	case "bson":
		r = bson.NewReaderBytes(b)
	case "ubjson":
		r = ubjson.NewReaderBytes(b)
	default:
		return nil, fmt.Errorf("unknown format %q", f)
	}
	var out bytes.Buffer
	w := token.NewJSONWriter(&out)
	if _, err := token.CopyValue(w, r); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if _, err := r.ReadToken(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the value (%v)", err)
	}
	return out.Bytes(), nil
}
