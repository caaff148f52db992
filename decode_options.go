package celer

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
)

// UseNumber makes unmarshaling into an empty interface store numbers as
// Number (their exact text) instead of float64, like
// encoding/json.Decoder.UseNumber. Affects unmarshaling only.
func UseNumber(v bool) Options { return opts.Flag(opts.UseNumber, v) }

// UseInt64 makes unmarshaling into an empty interface store integral
// numbers that fit an int64 as int64, and other numbers as float64.
// UseNumber takes precedence. Affects unmarshaling only.
func UseInt64(v bool) Options { return opts.Flag(opts.UseInt64, v) }

// RejectUnknownMembers makes an object member that matches no field of the
// destination struct an error, like encoding/json's
// Decoder.DisallowUnknownFields (the error is encoding/json's: reported
// after decoding the rest). Affects unmarshaling only.
func RejectUnknownMembers(v bool) Options { return opts.Flag(opts.RejectUnknownMembers, v) }

// MatchCaseSensitive matches object member names to struct fields exactly,
// without encoding/json's case-insensitive fallback. Affects unmarshaling
// only.
func MatchCaseSensitive(v bool) Options { return opts.Flag(opts.MatchCaseSensitive, v) }

// ZeroCopyStrings lets unmarshaled strings share memory with the input
// when they need no unescaping, saving a copy per string. The input must
// then not be modified for as long as any such string is in use (which
// also keeps the whole input alive). Affects UnmarshalWith only.
func ZeroCopyStrings(v bool) Options { return opts.Flag(opts.ZeroCopyStrings, v) }

// Strict is the strict preset (the semantics of encoding/json/v2): invalid
// UTF-8 and duplicate member names are errors, and member names match
// struct fields case-sensitively.
func Strict() Options {
	return opts.Join(AllowInvalidUTF8(false), RejectDuplicateNames(true), MatchCaseSensitive(true))
}

// UnmarshalWith is Unmarshal with options. Without options it is exactly
// Unmarshal. Options that change what input is accepted (AllowInvalidUTF8,
// RejectDuplicateNames, MaxDepth) report syntax errors as
// *stream.SyntaxError, with line, column and JSON Pointer.
func UnmarshalWith(data []byte, v any, o ...Options) error {
	if len(o) == 0 {
		return Unmarshal(data, v)
	}
	s := opts.Collect(o...)
	lenient := flagOr(&s, opts.AllowInvalidUTF8, true)
	var extra dflags
	if lenient && !s.Has(opts.RejectDuplicateNames) && s.MaxDepth == opts.DefaultMaxDepth && s.MaxBytes == 0 && s.MaxTokenBytes == 0 {
		if tryOnePass(data, v, decodeFlags(&s)) {
			return nil
		}
		f, ok := validV1(data)
		if !ok {
			return stdSyntaxError(data)
		}
		extra = f
	} else {
		// (Cloned so that the caller's variadic slice does not escape.)
		if err := stream.Validate(data, stream.AllowInvalidUTF8(lenient), opts.Join(slices.Clone(o)...)); err != nil {
			return err
		}
		if !lenient {
			extra = dValidUTF8 // strict validation checked every string
		}
	}
	d := getDecodeState()
	d.init(data, decodeFlags(&s)|extra)
	err := d.unmarshal(v)
	putDecodeState(d)
	return err
}

func decodeFlags(s *opts.Struct) dflags {
	var f dflags
	if s.Has(opts.UseNumber) {
		f |= dUseNumber
	}
	if s.Has(opts.UseInt64) {
		f |= dUseInt64
	}
	if s.Has(opts.RejectUnknownMembers) {
		f |= dDisallowUnknown
	}
	if s.Has(opts.MatchCaseSensitive) {
		f |= dCaseSensitive
	}
	if s.Has(opts.ZeroCopyStrings) {
		f |= dZeroCopy
	}
	return f
}

// zeroCopyString returns a string sharing b's memory (ZeroCopyStrings).
func zeroCopyString(b []byte) string { return unsafe.String(&b[0], len(b)) }

var decodeStates = sync.Pool{New: func() any { return &decodeState{names: new(nameCache)} }}

func getDecodeState() *decodeState { return decodeStates.Get().(*decodeState) }

func putDecodeState(d *decodeState) {
	d.data = nil
	d.savedError = nil
	d.ctx.Struct = nil
	d.strs = nil // its strings belong to the caller now
	d.fbox, d.sbox, d.hbox, d.aslab = nil, nil, nil, nil
	d.names.inserts = 0
	if cap(d.vals) > 64<<10 {
		d.vals = nil
	}
	if cap(d.mems) > 32<<10 {
		d.mems = nil
	}
	if cap(d.scratch) > 64<<10 {
		d.scratch = nil
	}
	decodeStates.Put(d)
}
