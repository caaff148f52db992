package stream

// SetIndexing makes the indexed token reader work in windows of window
// bytes (a multiple of 64) on inputs of at least min bytes, and returns a
// function restoring the defaults.
func SetIndexing(window, min int) (restore func()) {
	w, m := ixWindow, ixMin
	ixWindow, ixMin = window, min
	return func() { ixWindow, ixMin = w, m }
}

// Indexed reports whether d's indexed token reader is on.
func Indexed(d *Decoder) bool { return d.ixOn }

// OnePass turns d's indexed token reader off (until d is reset).
func OnePass(d *Decoder) *Decoder {
	d.ixOn = false
	return d
}

// ServedByIndex reports whether the indexed reader read d's last token.
func ServedByIndex(d *Decoder) bool {
	return d.tk > 0 || d.ixOn && d.ix.at == d.base+int64(d.pos)
}

// ServedByTape reports whether d's last token came from the tape.
func ServedByTape(d *Decoder) bool { return d.tk > 0 }

// SetTape sets the first and largest tape batch sizes, and returns a
// function restoring the defaults.
func SetTape(first, max int) (restore func()) {
	f, m := tapeFirst, tapeMax
	tapeFirst, tapeMax = first, max
	return func() { tapeFirst, tapeMax = f, m }
}

// NumbersSlowChecked reports whether a number on d's current tape batch
// was left to scan.NumberRun (the tape loop's inline check did not accept
// it).
func NumbersSlowChecked(d *Decoder) bool { return d.tp.numCheck }
