// Package contender puts JSON libraries behind one small set of interfaces
// for the syntax layer, so the arena can check and time them side by side.
//
// Every contender implements [Syntax]. The other operations are optional
// capabilities, discovered with a type assertion: a library that has no
// fitting API simply does not implement the interface, and result tables
// show "—" for it. Apart from the baseline, a contender is checked against
// encoding/json before it is timed (see the syntaxbench package).
//
// Contenders keep reusable state (decoders, buffers) between calls, so a
// value must not be used by several goroutines at once; [All] returns
// fresh values on each call.
package contender

// Syntax is the capability every contender has: a name and a validator.
type Syntax interface {
	// Name is a short, stable identifier used in benchmark names. It
	// contains no '/' or spaces.
	Name() string
	// Valid reports whether b is one well-formed JSON text.
	Valid(b []byte) bool
}

// Tokenizer visits every token of a JSON text without building anything:
// delimiters of arrays and objects, names, strings, numbers and literals.
type Tokenizer interface {
	// Tokenize returns the number of tokens in b, counted the way
	// encoding/json's Decoder.Token counts them (colons and commas are not
	// tokens; "[1]" has three).
	Tokenize(b []byte) (tokens int, err error)
}

// Compacter removes insignificant whitespace.
type Compacter interface {
	// Compact appends src with its insignificant whitespace removed to dst.
	// The output must be byte-identical to encoding/json.Compact's.
	Compact(dst, src []byte) ([]byte, error)
}

// Indenter reformats whitespace so that each element sits on its own line.
type Indenter interface {
	// Indent appends src, indented with prefix "" and indent "  ", to dst.
	// The output must be byte-identical to encoding/json.Indent's.
	Indent(dst, src []byte) ([]byte, error)
}

// Indentation used by every [Indenter].
const (
	IndentPrefix = ""
	IndentString = "  "
)

// All returns one fresh value of every contender that can run on this
// machine, in a fixed order: the baseline first, then celer, then
// encoding/json, then the others. Skipped lists the contenders left out
// and why (for example simdjson-go on a CPU without AVX2).
func All() (list []Syntax, skipped map[string]string) {
	list = []Syntax{
		NewBaseline(),
		NewCeler(),
		NewStdJSON(),
		NewJSONText(),
		NewSonic(),
		NewJx(),
		NewFastJSON(),
	}
	skipped = map[string]string{}
	if s, why := NewSimdJSON(); s != nil {
		list = append(list, s)
	} else {
		skipped[SimdJSONName] = why
	}
	return list, skipped
}

// trailingSpace returns the JSON whitespace at the end of b.
func trailingSpace(b []byte) []byte {
	i := len(b)
	for i > 0 {
		switch b[i-1] {
		case ' ', '\t', '\n', '\r':
			i--
			continue
		}
		break
	}
	return b[i:]
}
