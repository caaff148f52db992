//go:build !race

package stream

// ReadToken reads the next token. At the end of input between top-level
// values it returns io.EOF; anywhere else the end of input is an error
// wrapping ErrUnexpectedEOF.
//
// Over a byte slice the next token is most often already checked and
// waiting on the tape (tape.go); that case is kept to a few instructions.
//
// It is nosplit, which saves the stack check of that case (two of its
// twenty-odd instructions; the functions it calls check the stack as
// usual). nosplit also turns off checkptr's instrumentation of the tape
// token's unsafe pointer arithmetic, which -race turns on: under -race,
// readtoken_race.go's copy of this function, without nosplit, is built.
//
//go:nosplit
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
