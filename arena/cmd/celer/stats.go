package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

const statsDoc = `
Stats reads the JSON in FILE (standard input if none, or for "-") and
reports the size of the same document in every format, raw and
compressed for transfer, with the speed of encoding, decoding,
compressing and decompressing each: the study of what binary formats and
compression buy, in bytes and in CPU time.

The rows are the JSON as given; compact JSON (as "celer convert --to
json" writes it); cbor, msgpack, ubjson, bson and extjson (canonical)
and extjson --relaxed. Each size is exactly the length of what "celer
convert --from json --to FORMAT" writes with the same --inexact,
--float32 and --typed flags, and each compressed size the length of what
it writes with --compress zstd, lz4 or snappy. A format that cannot hold
the document shows "—" (BSON when the top level is not an object; a
number no float holds exactly, unless --inexact) and the reason below
the table. Several top-level values (NDJSON) are converted one after the
other, as convert does.

Speeds are in MB/s (10^6 bytes per second) of each format's own
uncompressed bytes: encode writes the document from memory (a parsed
dom.Doc, through the format's token Writer), decode reads every token
with the format's token Reader (a full check of the input, no tree);
compression and decompression speeds are those of each codec on the
format's bytes. Each cell is timed by repeated runs for about --time
(100ms by default; --time 0 measures nothing), and the fastest run
counts. Before timing, the encoded bytes are checked to be those of
convert. "json (as given)" has no encode speed: its bytes are the input.

With --json, the same results are written as one JSON object:
{"file", "bytes", "values", "time_ms", "formats": [{"format", "bytes",
"compressed": {"zstd", "lz4", "snappy"}, "encode_mbps", "decode_mbps",
"encode_ns", "decode_ns", "codecs": {"zstd": {"compress_mbps",
"decompress_mbps"}, ...}, "error"}]}, with null for what was not
measured or has no value.

Stats holds the input and each format's bytes in memory at once.

Exit status: 0 on success (also when a format cannot hold the document),
1 when the input is not valid JSON or cannot be read, 2 on a usage
error.`

// statsFormat is one row of celer stats.
type statsFormat struct {
	name    string // as shown
	to      string // convert --to format; "" for the input as given
	relaxed bool
}

var statsFormats = []statsFormat{
	{"json (as given)", "", false},
	{"json", "json", false},
	{"cbor", "cbor", false},
	{"msgpack", "msgpack", false},
	{"ubjson", "ubjson", false},
	{"bson", "bson", false},
	{"extjson", "extjson", false},
	{"extjson --relaxed", "extjson", true},
}

// codecSpeed is the speed of one codec on one format's bytes.
type codecSpeed struct {
	Compress   *float64 `json:"compress_mbps"`
	Decompress *float64 `json:"decompress_mbps"`
}

// statsRow is the result for one format.
type statsRow struct {
	Format     string                 `json:"format"`
	Bytes      *int                   `json:"bytes"`
	Compressed map[string]int         `json:"compressed"`
	EncodeMBps *float64               `json:"encode_mbps"`
	DecodeMBps *float64               `json:"decode_mbps"`
	EncodeNs   *float64               `json:"encode_ns"`
	DecodeNs   *float64               `json:"decode_ns"`
	Codecs     map[string]*codecSpeed `json:"codecs"`
	Error      string                 `json:"error,omitempty"`
}

// statsReport is the output of celer stats.
type statsReport struct {
	File    string     `json:"file"`
	Bytes   int        `json:"bytes"`
	Values  int        `json:"values"`
	TimeMs  float64    `json:"time_ms"`
	Formats []statsRow `json:"formats"`
}

// cmdStats implements "celer stats [--json] [--time D] [--inexact MODE]
// [--float32] [--typed] [FILE]".
func cmdStats(e *env, args []string) int {
	fs := newFlagSet(e, "stats", "[--json] [--time D] [--inexact MODE] [--float32] [--typed] [FILE]", statsDoc)
	asJSON := fs.Bool("json", false, "write the results as JSON")
	d := fs.Duration("time", 100*time.Millisecond, "time each speed for about `D` (0: sizes only)")
	inexact := fs.String("inexact", "error", "JSON numbers no float holds exactly: `MODE` error, float, string or decimal, as for convert")
	float32s := fs.Bool("float32", false, "msgpack and ubjson: floats as float32 when that keeps their value, as for convert")
	typed := fs.Bool("typed", false, "ubjson: strongly typed arrays of numbers when smaller, as for convert")
	files, code, done := fs.parse(args)
	if done {
		return code
	}
	if len(files) > 1 {
		return fs.usageError("at most one FILE")
	}
	if *d < 0 {
		return fs.usageError("--time must not be negative")
	}
	o, err := inexactOptions(*inexact)
	if err != nil {
		return fs.usageError(err.Error())
	}
	if *float32s {
		o = append(o, msgpack.ShortestFloat(true))
	}
	if *typed {
		o = append(o, ubjson.TypedArrays(true))
	}
	path := "-"
	if len(files) == 1 {
		path = files[0]
	}

	in, err := e.open(path)
	if err != nil {
		e.report("stats", path, err)
		return exitFail
	}
	data, err := io.ReadAll(in)
	in.close()
	if err != nil {
		e.report("stats", in.name, err)
		return exitFail
	}
	docs, err := parseValues(data)
	if err != nil {
		e.report("stats", in.name, err)
		return exitFail
	}
	if len(docs) == 0 {
		fmt.Fprintf(e.stderr, "%s: %v\n", in.name, errNoValue)
		return exitFail
	}
	rep := statsReport{File: in.name, Bytes: len(data), Values: len(docs), TimeMs: float64(*d) / 1e6}
	for _, f := range statsFormats {
		rep.Formats = append(rep.Formats, measureFormat(f, data, docs, o, *d))
	}
	if *asJSON {
		je := json.NewEncoder(e.stdout)
		je.SetEscapeHTML(false)
		if err := je.Encode(rep); err != nil {
			e.report("stats", "", err)
			return exitFail
		}
		return exitOK
	}
	printStats(e.stdout, rep)
	return exitOK
}

// parseValues parses every top-level JSON value of data.
func parseValues(data []byte) ([]*dom.Doc, error) {
	dec := stream.NewDecoderBytes(data)
	var docs []*dom.Doc
	for {
		raw, err := dec.ReadValue()
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		doc, err := dom.Parse(raw)
		if err != nil {
			return nil, err // not reached: the decoder has checked raw
		}
		docs = append(docs, doc)
	}
}

// newFormatWriter returns the token Writer of format f to w, as convert
// makes it from JSON.
func newFormatWriter(f statsFormat, w io.Writer, o []token.Options) token.Writer {
	switch f.to {
	case "json":
		return token.NewJSONWriter(w, o...)
	case "cbor":
		return cbor.NewWriter(w, o...)
	case "msgpack":
		return msgpack.NewWriter(w, o...)
	case "ubjson":
		return ubjson.NewWriter(w, o...)
	case "bson":
		return bson.NewWriter(w, o...)
	}
	mode := bson.Canonical
	if f.relaxed {
		mode = bson.Relaxed
	}
	return bson.NewExtJSONWriter(w, mode, o...)
}

// newFormatReader returns the token Reader of format f (json for the
// input as given) over b.
func newFormatReader(f statsFormat, b []byte) token.Reader {
	switch f.to {
	case "", "json":
		return token.NewJSONReaderBytes(b)
	case "cbor":
		return cbor.NewReaderBytes(b)
	case "msgpack":
		return msgpack.NewReaderBytes(b)
	case "ubjson":
		return ubjson.NewReaderBytes(b)
	case "bson":
		return bson.NewReaderBytes(b)
	}
	return bson.NewExtJSONReaderBytes(b)
}

// measureFormat computes the row of format f.
func measureFormat(f statsFormat, data []byte, docs []*dom.Doc, o []token.Options, d time.Duration) statsRow {
	row := statsRow{Format: f.name}
	// The bytes: the input, or exactly what convert writes.
	b := data
	if f.to != "" {
		var buf bytes.Buffer
		c := converter{from: "json", to: f.to, opts: o, relaxed: f.relaxed}
		if err := c.run(&buf, bytes.NewReader(data)); err != nil {
			row.Error = statsError(f, docs, err)
			return row
		}
		b = buf.Bytes()
	}
	n := len(b)
	row.Bytes = &n
	row.Compressed = map[string]int{}
	for _, codec := range codecs {
		z, err := compressBytes(nil, codec, b)
		if err != nil {
			row.Error = codec + ": " + err.Error()
			return row
		}
		row.Compressed[codec] = len(z)
	}
	if d == 0 {
		return row
	}

	// Decoding: every token, with the format's Reader.
	var rd token.Reader
	decode := func() error {
		if rd == nil {
			rd = newFormatReader(f, b)
		} else {
			rd.(interface{ ResetBytes([]byte) }).ResetBytes(b)
		}
		for {
			if _, err := rd.ReadToken(); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
	}
	if ns, err := timeIt(d, decode); err != nil {
		row.Error = "decode: " + err.Error()
		return row
	} else {
		row.DecodeNs, row.DecodeMBps = &ns, mbps(n, ns)
	}

	// Encoding: from the parsed documents, checked to give convert's bytes.
	if f.to != "" {
		var out bytes.Buffer
		w := newFormatWriter(f, &out, o)
		encode := func() error {
			out.Reset()
			w.(interface{ Reset(io.Writer) }).Reset(&out)
			for _, doc := range docs {
				if err := doc.Root().WriteTokens(w); err != nil {
					return err
				}
			}
			return nil
		}
		if err := encode(); err != nil {
			row.Error = "encode: " + err.Error()
			return row
		}
		if !bytes.Equal(out.Bytes(), b) {
			row.Error = "encode: the document's bytes differ from convert's"
			return row
		}
		ns, err := timeIt(d, encode)
		if err != nil {
			row.Error = "encode: " + err.Error()
			return row
		}
		row.EncodeNs, row.EncodeMBps = &ns, mbps(n, ns)
	}

	row.Codecs = map[string]*codecSpeed{}
	for _, codec := range codecs {
		cs, err := timeCodec(codec, b, row.Compressed[codec], d)
		if err != nil {
			row.Error = codec + ": " + err.Error()
			return row
		}
		row.Codecs[codec] = cs
	}
	return row
}

// statsError explains why format f cannot hold the document.
func statsError(f statsFormat, docs []*dom.Doc, err error) string {
	if f.to == "bson" {
		for _, doc := range docs {
			if doc.Root().Kind() != dom.Object {
				return "top level is not an object"
			}
		}
	}
	var ie inputError
	if errors.As(err, &ie) {
		err = ie.err
	}
	return err.Error()
}

// timeIt runs f repeatedly for about d and returns the fastest time per
// run in nanoseconds: rounds of n runs, n doubling while a round takes
// less than a tenth of d. The first run (a warm-up) must succeed.
func timeIt(d time.Duration, f func() error) (float64, error) {
	if err := f(); err != nil {
		return 0, err
	}
	best := math.Inf(1)
	start := time.Now()
	for n := 1; ; {
		t0 := time.Now()
		for range n {
			if err := f(); err != nil {
				return 0, err
			}
		}
		el := time.Since(t0)
		best = min(best, float64(el)/float64(n))
		if time.Since(start) >= d {
			return best, nil
		}
		if el < d/10 {
			n *= 2
		}
	}
}

// mbps returns n bytes per ns nanoseconds in MB/s.
func mbps(n int, ns float64) *float64 {
	v := float64(n) / ns * 1e3
	return &v
}

// timeCodec times compressing b with codec (its compressed size must be
// size) and decompressing it, with reused encoders and decoders.
func timeCodec(codec string, b []byte, size int, d time.Duration) (*codecSpeed, error) {
	var z bytes.Buffer
	var compress func() error
	var dec interface {
		io.Reader
	}
	var reset func(r io.Reader) error
	switch codec {
	case "zstd":
		zw, err := zstd.NewWriter(&z, zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		defer zw.Close()
		compress = func() error {
			z.Reset()
			zw.Reset(&z)
			if _, err := zw.Write(b); err != nil {
				return err
			}
			return zw.Close()
		}
		zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstdWindow))
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		dec, reset = zr, zr.Reset
	case "lz4":
		lw := lz4.NewWriter(&z)
		compress = func() error {
			z.Reset()
			lw.Reset(&z)
			if _, err := lw.Write(b); err != nil {
				return err
			}
			return lw.Close()
		}
		lr := lz4.NewReader(nil)
		dec, reset = lr, func(r io.Reader) error { lr.Reset(r); return nil }
	default:
		sw := snappy.NewBufferedWriter(&z)
		compress = func() error {
			z.Reset()
			sw.Reset(&z)
			if _, err := sw.Write(b); err != nil {
				return err
			}
			return sw.Close()
		}
		sr := snappy.NewReader(nil)
		dec, reset = sr, func(r io.Reader) error { sr.Reset(r); return nil }
	}
	var cs codecSpeed
	ns, err := timeIt(d, compress)
	if err != nil {
		return nil, err
	}
	if z.Len() != size {
		return nil, fmt.Errorf("reused encoder wrote %d bytes, convert %d", z.Len(), size)
	}
	cs.Compress = mbps(len(b), ns)
	compressed := bytes.Clone(z.Bytes())
	buf := make([]byte, 64<<10)
	decompress := func() error {
		if err := reset(bytes.NewReader(compressed)); err != nil {
			return err
		}
		total := 0
		for {
			k, err := dec.Read(buf)
			total += k
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		if total != len(b) {
			return fmt.Errorf("decompressed %d bytes, want %d", total, len(b))
		}
		return nil
	}
	if ns, err = timeIt(d, decompress); err != nil {
		return nil, err
	}
	cs.Decompress = mbps(len(b), ns)
	return &cs, nil
}

// printStats writes the report as two tables: sizes, then speeds.
func printStats(w io.Writer, rep statsReport) {
	values := "1 value"
	if rep.Values != 1 {
		values = strconv.Itoa(rep.Values) + " values"
	}
	fmt.Fprintf(w, "%s: %d bytes of JSON, %s\n\n", rep.File, rep.Bytes, values)
	compact, width := 0, len("format")
	for _, r := range rep.Formats {
		if r.Format == "json" && r.Bytes != nil {
			compact = *r.Bytes
		}
		width = max(width, utf8.RuneCountInString(r.Format))
	}
	name := func(s string) string { return s + strings.Repeat(" ", width-utf8.RuneCountInString(s)) }
	fmt.Fprintln(w, "size in bytes (÷ json: against compact JSON)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tbytes\t÷ json\tzstd\tlz4\tsnappy\t\n", name("format"))
	var notes []string
	for _, r := range rep.Formats {
		if r.Bytes == nil {
			fmt.Fprintf(tw, "%s\t—\t—\t—\t—\t—\t\n", name(r.Format))
			notes = append(notes, note(r))
			continue
		}
		ratio := "—"
		if compact > 0 {
			ratio = strconv.FormatFloat(float64(*r.Bytes)/float64(compact), 'f', 3, 64)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%d\t\n", name(r.Format), *r.Bytes, ratio, r.Compressed["zstd"], r.Compressed["lz4"], r.Compressed["snappy"])
		if r.Error != "" {
			notes = append(notes, note(r))
		}
	}
	tw.Flush()
	if rep.TimeMs > 0 {
		fmt.Fprintf(w, "\nspeed in MB/s of each format's bytes (fastest run in ~%gms; c: compress, d: decompress)\n", rep.TimeMs)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%s\tencode\tdecode\tzstd c\tzstd d\tlz4 c\tlz4 d\tsnappy c\tsnappy d\t\n", name("format"))
		for _, r := range rep.Formats {
			cells := []string{name(r.Format), speed(r.EncodeMBps), speed(r.DecodeMBps)}
			for _, codec := range codecs {
				if cs := r.Codecs[codec]; cs != nil {
					cells = append(cells, speed(cs.Compress), speed(cs.Decompress))
				} else {
					cells = append(cells, "—", "—")
				}
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
		}
		tw.Flush()
	}
	if len(notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range notes {
			fmt.Fprintln(w, "—", n)
		}
	}
}

// note returns the note on the error of row r.
func note(r statsRow) string {
	return r.Format + ": " + strings.TrimPrefix(r.Error, r.Format+": ")
}

// speed formats a speed in MB/s, "—" for none.
func speed(v *float64) string {
	if v == nil {
		return "—"
	}
	return strconv.FormatFloat(*v, 'f', 0, 64)
}
