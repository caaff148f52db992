//go:build race

package stream

// ReadToken reads the next token: see readtoken_norace.go. This copy is
// not nosplit, so that checkptr instruments its unsafe pointer arithmetic
// under -race.
func (d *Decoder) ReadToken() (Token, error) {
	if k := uint(d.tk); k < uint(len(d.tape)) {
		e := d.tape[k]
		d.tk = int(k) + 1
		return d.tapeToken(e), nil
	}
	if d.ixOn && !d.tp.on && d.err == nil { // a Decoder over an io.Reader
		d.pin = -1
		return d.readTokenIx()
	}
	return d.readTokenSlow()
}
