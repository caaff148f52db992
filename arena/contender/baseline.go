package contender

// Baseline is the speed of light for every operation: it copies its input
// and does nothing else. It is the denominator of the "÷ baseline" column
// and is exempt from correctness checks, since its answers are not real.
type Baseline struct {
	buf []byte
}

// NewBaseline returns the baseline contender.
func NewBaseline() *Baseline { return &Baseline{} }

// Name implements [Syntax].
func (*Baseline) Name() string { return "baseline" }

// Valid copies b into a reused buffer and reports true.
func (c *Baseline) Valid(b []byte) bool {
	c.buf = append(c.buf[:0], b...)
	return true
}

// Tokenize copies b into a reused buffer and reports zero tokens.
func (c *Baseline) Tokenize(b []byte) (int, error) {
	c.buf = append(c.buf[:0], b...)
	return 0, nil
}

// Compact appends src unchanged to dst.
func (*Baseline) Compact(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }

// Indent appends src unchanged to dst.
func (*Baseline) Indent(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }
