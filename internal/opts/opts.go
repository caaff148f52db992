// Package opts holds the one sealed option type shared by every celer
// package. Public packages re-export the type (as an alias) and the option
// constructors that apply to them; options that do not apply to a call are
// ignored, and later options override earlier ones.
package opts

// Flags is a set of boolean options, packed into bits.
type Flags uint64

const (
	// AllowInvalidUTF8 accepts invalid UTF-8 in strings (decoding), and
	// replaces it with U+FFFD when writing.
	AllowInvalidUTF8 Flags = 1 << iota
	// RejectDuplicateNames rejects an object that has the same name twice.
	RejectDuplicateNames
	// EscapeHTML escapes '<', '>' and '&' in strings when writing.
	EscapeHTML
	// EscapeLineTerminators escapes U+2028 and U+2029 when writing.
	EscapeLineTerminators
	// Multiline enables indented output when writing.
	Multiline
	// SingleValue requires exactly one top-level value per input.
	SingleValue
	// V1 selects encoding/json v1 compatibility where syntax differs.
	V1
	// Deterministic writes map entries sorted by key (encoding/json's
	// behaviour); off, maps are written in iteration order, which is faster.
	Deterministic
	// UseNumber decodes numbers into an empty interface as json.Number
	// (unmarshaling only).
	UseNumber
	// UseInt64 decodes integral numbers that fit into an empty interface
	// as int64, others as float64 (unmarshaling only; UseNumber wins).
	UseInt64
	// RejectUnknownMembers rejects object members that match no struct
	// field (encoding/json's DisallowUnknownFields).
	RejectUnknownMembers
	// MatchCaseSensitive matches object member names to struct fields
	// exactly, without encoding/json's case-insensitive fallback.
	MatchCaseSensitive
	// ZeroCopyStrings lets unmarshaled Go strings share the input's bytes.
	ZeroCopyStrings

	// The flags below serve the binary formats and the token model
	// (packages token, cbor and the formats to come).

	// IndefiniteLength makes binary writers encode containers whose length
	// is unknown when they start (as when transcoding from JSON) with
	// indefinite-length encoding, in constant memory, instead of holding
	// them until they end to write a definite length.
	IndefiniteLength
	// InexactAsString writes a number that the target format cannot hold
	// exactly as a text string of its exact text, instead of failing.
	InexactAsString
	// InexactAsDecimal writes a number that the target format cannot hold
	// exactly as a decimal (CBOR tag 4 decimal fraction), instead of
	// failing. InexactAsString wins when both are set.
	InexactAsDecimal
	// InexactAsFloat writes a number that no float holds exactly as the
	// nearest double (still failing beyond the double range), instead of
	// failing. InexactAsString and InexactAsDecimal win over it.
	InexactAsFloat
	// SubstituteNull makes JSON writers write null for values JSON cannot
	// represent (NaN, infinities, simple values), instead of failing.
	SubstituteNull
	// StringifyKeys makes JSON writers turn non-string map keys (numbers,
	// booleans, null, byte strings) into strings, instead of failing.
	StringifyKeys
	// EpochTime marshals time.Time as an epoch-based date/time (CBOR tag
	// 1) instead of an RFC 3339 text date/time (CBOR tag 0).
	EpochTime
	// TypedArrays marshals slices and arrays of fixed-size numbers as typed
	// arrays (RFC 8746 for CBOR, strongly typed containers for UBJSON,
	// whose writer also rewrites arrays of numbers so) instead of arrays of
	// numbers.
	TypedArrays
	// KeepInt64 is no longer read (Deprecated: BSON's Int tokens carry
	// their width, token.IntWidth); the bit stays reserved.
	KeepInt64
	// ShortestFloat makes writers with a choice of float widths (MessagePack
	// float 32/64, UBJSON d/D) write a float of unknown or 64-bit width, or
	// a JSON number, as float32 when that keeps its value exactly.
	ShortestFloat
	// TrustInput lets raw-text lookups (package path: LookupBytes,
	// SelectBytes) skip the values they pass over without checking their
	// grammar, on input known to be valid JSON. On invalid input their
	// result is unspecified, but they never panic, hang or over-allocate.
	TrustInput
)

// Defaults for the limits.
const (
	DefaultMaxDepth = 10000
)

// Struct is the collapsed form of a list of options. The zero value is not
// ready to use: start from Default().
type Struct struct {
	Flags         Flags  // boolean options
	Set           Flags  // which Flags were explicitly set, for presets
	MaxDepth      int    // maximum nesting depth; 0 means DefaultMaxDepth
	MaxBytes      int64  // maximum total input bytes; 0 means no limit
	MaxTokenBytes int    // maximum size of one token; 0 means no limit
	MaxElements   int    // maximum elements (or members) of one container; 0 means no limit
	Prefix        string // line prefix for indented output
	Indent        string // indent unit for indented output
}

// Default returns the options every package starts from: strict RFC 8259.
func Default() Struct {
	return Struct{MaxDepth: DefaultMaxDepth, Indent: "\t"}
}

// Options configures encoding and decoding. It is sealed: only celer
// packages create Options values.
type Options interface {
	// applyTo returns s with the option applied. It takes and returns the
	// struct by value so that collecting options never heap-allocates.
	applyTo(s Struct) Struct
}

// Apply folds options into s, in order.
func (s *Struct) Apply(list ...Options) {
	v := *s
	for _, o := range list {
		if o != nil {
			v = o.applyTo(v)
		}
	}
	*s = v
}

// Has reports whether flag f is on.
func (s *Struct) Has(f Flags) bool { return s.Flags&f != 0 }

// Collect returns Default() with list applied.
func Collect(list ...Options) Struct {
	s := Default()
	s.Apply(list...)
	return s
}

type flagOpt struct{ mask, val Flags }

func (o flagOpt) applyTo(s Struct) Struct {
	s.Flags = s.Flags&^o.mask | o.val
	s.Set |= o.mask
	return s
}

// Flag returns an option that sets f to v.
func Flag(f Flags, v bool) Options {
	if v {
		return flagOpt{f, f}
	}
	return flagOpt{f, 0}
}

type maxDepth int

func (o maxDepth) applyTo(s Struct) Struct { s.MaxDepth = int(o); return s }

// MaxDepth limits nesting depth; n <= 0 restores the default.
func MaxDepth(n int) Options {
	if n <= 0 {
		n = DefaultMaxDepth
	}
	return maxDepth(n)
}

type maxBytes int64

func (o maxBytes) applyTo(s Struct) Struct { s.MaxBytes = int64(o); return s }

// MaxBytes limits the total input size; n <= 0 means no limit.
func MaxBytes(n int64) Options {
	if n < 0 {
		n = 0
	}
	return maxBytes(n)
}

type maxTokenBytes int

func (o maxTokenBytes) applyTo(s Struct) Struct { s.MaxTokenBytes = int(o); return s }

// MaxTokenBytes limits the size of one token; n <= 0 means no limit.
func MaxTokenBytes(n int) Options {
	if n < 0 {
		n = 0
	}
	return maxTokenBytes(n)
}

type maxElements int

func (o maxElements) applyTo(s Struct) Struct { s.MaxElements = int(o); return s }

// MaxElements limits the number of elements of one array (or members of
// one object); n <= 0 means no limit.
func MaxElements(n int) Options {
	if n < 0 {
		n = 0
	}
	return maxElements(n)
}

type indent struct{ prefix, indent string }

func (o indent) applyTo(s Struct) Struct {
	s.Prefix, s.Indent = o.prefix, o.indent
	s.Flags |= Multiline
	s.Set |= Multiline
	return s
}

// WithIndent turns on multiline output with the given prefix and indent.
func WithIndent(prefix, ind string) Options { return indent{prefix, ind} }

// Join combines options into one.
func Join(list ...Options) Options { return joined(list) }

type joined []Options

func (j joined) applyTo(s Struct) Struct {
	s.Apply(j...)
	return s
}
