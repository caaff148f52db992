package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
)

const convertDoc = `
Convert reads FILE (standard input if none, or for "-") in format F and
writes it in format T, token by token: streaming, with no tree in memory.
F and T are json, cbor (RFC 8949), bson (BSON 1.1), extjson (MongoDB
Extended JSON v2), msgpack (MessagePack) or ubjson (UBJSON Draft 12).

Several top-level values are converted one after the other: NDJSON to a
CBOR sequence (RFC 8742) and back. An input with no value is an error.

JSON output is compact, each top-level value followed by one newline.
CBOR output is exactly the encoded bytes, in preferred serialization
(RFC 8949 section 4.1): integers and lengths in their shortest form,
arrays and maps with definite lengths (each top-level JSON value is held
in memory until it ends, unless --indefinite), and every JSON number with
a fraction or an exponent as the shortest float that has its exact value
(1.0 is f9 3c00, 0.1 a double). A JSON integer beyond 64 bits becomes a
bignum (tag 2 or 3). A number that no float holds exactly (no float's
shortest form has its value: 0.10000000000000000001, 1e400, and also
17-digit forms such as -65.613616999999977 whose double prints shorter)
is an error unless --inexact says otherwise: float rounds it to the
nearest double (as most JSON decoders read it), string keeps its text as
a text string, decimal keeps its exact value as a decimal fraction (tag
4).

CBOR to JSON follows the conventions of package token: byte strings as
base64url strings without padding, bignums and decimal fractions as exact
numbers, other tags dropped (their content kept), undefined as null.
NaN, infinities, other simple values and map keys that are not text
strings are errors unless --lossy.

BSON's top level must be a document: a JSON value that is not an object
cannot become BSON (an error). BSON output is exactly the encoded
documents, one after the other; each is held in memory until it ends,
as BSON writes its length first. JSON integers become int32 when they
fit, else int64; other numbers doubles when a double has their exact
value, else an error unless --inexact says otherwise (decimal: a
Decimal128, string, float). BSON to JSON (or CBOR) writes the types the
target lacks as relaxed Extended JSON type wrappers ({"$oid": ...},
{"$date": ...}; a Decimal128 as a number), binary subtype 0 as base64url
strings in JSON (byte strings in CBOR), undefined as null (undefined).

MessagePack output writes every integer and length in its smallest
format, arrays and maps with their length (each top-level JSON value is
held in memory until it ends), JSON numbers with a fraction or an
exponent as float 64 when a double has their exact value (float 32 when
that holds it too, with --float32); an integer beyond 64 bits or a
number no double holds is an error unless --inexact says otherwise
(string, float). MessagePack to JSON writes bin as base64url strings and
timestamps as RFC 3339 strings (to CBOR: tag 0 dates, and CBOR dates
become timestamps); other extension types are errors unless --lossy
(null).

UBJSON output streams (containers with end markers), integers in their
smallest type, integers beyond int64 as high-precision numbers (H),
other JSON numbers as float64 (float32 with --float32) when exact, else
an error unless --inexact says otherwise (decimal: a high-precision
number, string, float); NaN and infinities are null, as UBJSON requires;
byte strings are strongly typed uint8 arrays ([$U#n), read back as byte
strings (base64url strings in JSON). With --typed, arrays of numbers are
written strongly typed when that is smaller. Object keys must be strings
(with --lossy, other scalar keys become their JSON text).

Extended JSON output is canonical ({"$numberInt": "1"}), or relaxed with
--relaxed; Extended JSON input may be either. Between bson and extjson
the conversion keeps every type (int64 included), so that BSON to
canonical Extended JSON and back gives the same bytes (NaN payloads and
non-canonical Decimal128 encodings aside, which Extended JSON cannot
write).

With --compress zstd, lz4 or snappy, the output is framed for transfer
in that codec's stream format: Zstandard frames (RFC 8878), LZ4 frames,
or the Snappy framing format, as the zstd, lz4 and snappy tools read
them. --decompress CODEC reads such input back; --decompress auto picks
the codec by the magic number the input starts with and reads input
that starts with none of them as it is. Input is not decompressed
without --decompress: a binary format's first bytes may happen to equal
a magic number. So convert --to cbor --compress zstd, then convert
--from cbor --decompress zstd --to json gives the JSON back. A zstd frame
may not ask for a window beyond 128 MiB. Corrupt compressed input is
invalid input (exit status 1).

Invalid input is reported on standard error (JSON as FILE:LINE:COLUMN:
MESSAGE, CBOR, BSON, Extended JSON type wrappers, MessagePack and UBJSON
as FILE: offset N: MESSAGE) and the exit status is 1;
standard output may then have received part of the output, but an -o file
is left untouched.`

// convertFormats lists the formats of "celer convert", supported or not.
var convertFormats = []string{"json", "cbor", "ubjson", "msgpack", "bson", "extjson"}

// cmdConvert implements "celer convert --from F --to T [-o OUT] [FILE]".
func cmdConvert(e *env, args []string) int {
	fs := newFlagSet(e, "convert", "--from F --to T [-o OUT] [--inexact MODE] [--indefinite] [--lossy] [--relaxed] [--float32] [--typed] [--compress CODEC] [--decompress CODEC] [FILE]", convertDoc)
	from := fs.String("from", "", "read format `F`: json, cbor, bson, extjson, msgpack or ubjson")
	to := fs.String("to", "", "write format `T`: json, cbor, bson, extjson, msgpack or ubjson")
	out := fs.String("o", "", outputFlagDoc)
	inexact := fs.String("inexact", "error", "JSON numbers no float holds exactly, to CBOR, BSON, MessagePack or UBJSON: `MODE` error, float (the nearest), string or decimal (CBOR tag 4, BSON Decimal128, UBJSON high precision)")
	indef := fs.Bool("indefinite", false, "write CBOR arrays and maps from JSON with indefinite lengths, in constant memory")
	lossy := fs.Bool("lossy", false, "to JSON: write null for NaN, infinities and simple values, and non-string map keys as strings")
	relaxed := fs.Bool("relaxed", false, "to extjson: write relaxed Extended JSON (numbers as JSON numbers, dates as text) instead of canonical")
	float32s := fs.Bool("float32", false, "to msgpack or ubjson: write floats as float32 when that keeps their value")
	typed := fs.Bool("typed", false, "to ubjson: write arrays of numbers as strongly typed arrays when smaller")
	compress := fs.String("compress", "", "compress the output for transfer with `CODEC`: zstd, lz4 or snappy")
	decompress := fs.String("decompress", "", "decompress the input with `CODEC`: zstd, lz4, snappy, or auto (by magic number)")
	files, code, done := fs.parse(args)
	if done {
		return code
	}
	if len(files) > 1 {
		return fs.usageError("at most one FILE")
	}
	if *compress != "" {
		if err := checkCodec(*compress, false); err != nil {
			return fs.usageError("--compress: " + err.Error())
		}
	}
	if *decompress != "" {
		if err := checkCodec(*decompress, true); err != nil {
			return fs.usageError("--decompress: " + err.Error())
		}
	}
	path := "-"
	if len(files) == 1 {
		path = files[0]
	}
	for _, f := range []struct{ flag, val string }{{"--from", *from}, {"--to", *to}} {
		switch {
		case f.val == "":
			return fs.usageError(f.flag + " is required")
		case !slices.Contains(convertFormats, f.val):
			return fs.usageError(fmt.Sprintf("unknown format %q for %s (formats: %s)", f.val, f.flag, strings.Join(convertFormats, ", ")))
		}
	}
	o, err := inexactOptions(*inexact)
	if err != nil {
		return fs.usageError(err.Error())
	}
	if *indef {
		o = append(o, cbor.IndefiniteLength(true))
	}
	if *lossy {
		o = append(o, token.SubstituteNull(true), token.StringifyKeys(true))
	}
	if *float32s {
		o = append(o, msgpack.ShortestFloat(true))
	}
	if *typed {
		o = append(o, ubjson.TypedArrays(true))
	}
	c := converter{from: *from, to: *to, opts: o, relaxed: *relaxed, compress: *compress, decompress: *decompress}
	return e.convertFile(path, *out, c)
}

// converter converts one input.
type converter struct {
	from, to string
	opts     []token.Options
	relaxed  bool // relaxed Extended JSON output

	compress, decompress string // codecs of the output and input, "" for none (compress.go)
}

// readErr records the error of a token.Reader, to tell input errors from
// output errors.
type readErr struct {
	token.Reader
	err error
}

func (r *readErr) ReadToken() (token.Token, error) {
	t, err := r.Reader.ReadToken()
	if err != nil && err != io.EOF {
		r.err = err
	}
	return t, err
}

// errNoValue reports an input with no value at all.
var errNoValue = errors.New("no value in the input")

// run converts r to w, decompressing and compressing as c says.
func (c converter) run(w io.Writer, r io.Reader) error {
	if c.decompress != "" {
		dr, release, err := decompressReader(r, c.decompress)
		if err != nil {
			return inputError{err}
		}
		defer release()
		r = dr
	}
	if c.compress == "" {
		return c.convert(w, r)
	}
	cw, err := compressWriter(w, c.compress)
	if err != nil {
		return err
	}
	if err := c.convert(cw, r); err != nil {
		return err
	}
	return cw.Close()
}

// convert converts r to w.
func (c converter) convert(w io.Writer, r io.Reader) error {
	var ro []token.Options
	if isBSON(c.from) && isBSON(c.to) {
		ro = append(ro, bson.KeepInt64(true)) // keep int64 types between BSON forms
	}
	var rd token.Reader
	switch c.from {
	case "json":
		rd = token.NewJSONReader(r)
	case "bson":
		rd = bson.NewReader(r, ro...)
	case "extjson":
		rd = bson.NewExtJSONReader(r, ro...)
	case "msgpack":
		rd = msgpack.NewReader(r)
	case "ubjson":
		rd = ubjson.NewReader(r)
	default:
		rd = cbor.NewReader(r)
	}
	var wr token.Writer
	switch c.to {
	case "json":
		wr = token.NewJSONWriter(w, c.opts...)
	case "bson":
		wr = bson.NewWriter(w, c.opts...)
	case "extjson":
		mode := bson.Canonical
		if c.relaxed {
			mode = bson.Relaxed
		}
		wr = bson.NewExtJSONWriter(w, mode, c.opts...)
	case "msgpack":
		wr = msgpack.NewWriter(w, c.opts...)
	case "ubjson":
		wr = ubjson.NewWriter(w, c.opts...)
	default:
		wr = cbor.NewWriter(w, c.opts...)
	}
	if isBSON(c.from) && !isBSON(c.to) {
		// BSON types the target lacks: relaxed Extended JSON wrappers.
		wr = bson.WrapWriter(wr, bson.WrappersOnly, c.opts...)
	}
	src := &readErr{Reader: rd}
	n, err := token.Copy(wr, src)
	switch {
	case err != nil && src.err != nil:
		return inputError{src.err}
	case err != nil:
		return err
	case n == 0:
		return inputError{errNoValue}
	}
	return nil
}

// withPath appends the path of a binary format's error to its message.
func withPath(msg, path string) string {
	if path != "" {
		return msg + " (at " + path + ")"
	}
	return msg
}

// isBSON reports whether format f is BSON or Extended JSON.
func isBSON(f string) bool { return f == "bson" || f == "extjson" }

// inputError marks an error in the input (as opposed to a value the output
// format cannot hold, or an I/O error).
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// convertFile runs c from the input path to the output out ("" for
// standard output) and returns the exit status.
func (e *env) convertFile(path, out string, c converter) int {
	in, err := e.open(path)
	if err != nil {
		e.report("convert", path, err)
		return exitFail
	}
	defer in.close()
	dst, err := e.createOutput(out)
	if err != nil {
		e.report("convert", out, err)
		return exitFail
	}
	r, finish := e.track(in)
	err = c.run(dst, r)
	finish(err == nil)
	if err != nil {
		dst.abort()
		e.reportConvert(in.name, err)
		return exitFail
	}
	if err := dst.commit(); err != nil {
		e.report("convert", out, err)
		return exitFail
	}
	return exitOK
}

// reportConvert prints a conversion error: JSON syntax errors as
// FILE:LINE:COLUMN: MESSAGE, CBOR and BSON errors as FILE: offset N:
// MESSAGE, other input errors as FILE: MESSAGE, output errors as "celer
// convert: ...".
func (e *env) reportConvert(name string, err error) {
	var ce *cbor.SyntaxError
	var be *bson.SyntaxError
	var me *msgpack.SyntaxError
	var ue *ubjson.SyntaxError
	var ie inputError
	switch {
	case errors.As(err, &me):
		fmt.Fprintf(e.stderr, "%s: offset %d: %s\n", name, me.Offset, withPath(me.Msg, me.Path))
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: offset %d: %s\n", name, ue.Offset, withPath(ue.Msg, ue.Path))
	case errors.As(err, &ie) && errors.As(err, &be):
		msg := be.Msg
		if be.Path != "" {
			msg += " (at " + be.Path + ")"
		}
		fmt.Fprintf(e.stderr, "%s: offset %d: %s\n", name, be.Offset, msg)
	case errors.As(err, &ce):
		msg := ce.Msg
		if ce.Path != "" {
			msg += " (at " + ce.Path + ")"
		}
		fmt.Fprintf(e.stderr, "%s: offset %d: %s\n", name, ce.Offset, msg)
	case errors.As(err, &ie) && errors.Is(err, errNoValue):
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
	default:
		e.report("convert", name, err)
	}
}

// inexactOptions returns the options of an --inexact mode.
func inexactOptions(mode string) ([]token.Options, error) {
	switch mode {
	case "error":
		return nil, nil
	case "string":
		return []token.Options{cbor.InexactAsString(true)}, nil
	case "decimal":
		return []token.Options{cbor.InexactAsDecimal(true)}, nil
	case "float":
		return []token.Options{cbor.InexactAsFloat(true)}, nil
	}
	return nil, fmt.Errorf("unknown --inexact mode %q (error, float, string or decimal)", mode)
}
