package path

import "github.com/celerjson/celer/internal/opts"

// The unchecked raw walk, for TrustInput. It is the indexed walk with
// stage 1 run without UTF-8 checks, and with the values it passes over
// skipped by their bracket depth alone: a container is skipped by adding
// +1 or -1 per structural position (strings hide their brackets from stage
// 1) until the depth returns to zero, a string by its closing quote, and
// a scalar is one position. Nothing is checked but what the walk needs to
// stay in bounds, so on invalid input it finds something or nothing, but
// it never reads outside the input, and it ends: every step consumes a
// position, and stage 1 stops at the end of the input.

// TrustInput makes LookupBytes (of Pointer and Dotted) and SelectBytes
// skip the values they pass over without checking their grammar, which
// is faster, for input known to be valid JSON (validated before, or
// written by a trusted program). On valid input the results are those of
// the checked walk. On invalid input they are unspecified: a value, no
// value or an error, but the call never panics, hangs or allocates more
// than the checked walk does. Options that need the whole document
// (RejectDuplicateNames, MaxBytes, MaxTokenBytes) still parse and check
// it, and so do inputs within 64 KiB of 4 GiB or longer. MaxDepth holds
// in both modes.
func TrustInput(v bool) Options { return opts.Flag(opts.TrustInput, v) }

// depthStep is the change of bracket depth at a structural position.
var depthStep = func() (t [256]int8) {
	t['{'], t['['] = 1, 1
	t['}'], t[']'] = -1, -1
	return t
}()

// skipTrusted skips the value whose first position p was just consumed,
// at nesting depth base, and returns the offset past it: exact for
// containers and strings, p+1 for a scalar (whose end nothing needs while
// passing over it). Like skip, it fails where the nesting would pass
// MaxDepth, which valid input can do.
//
// Its loop is sensitive to where the function lands against 64-byte lines
// (8-14% on the trusted citylots lookup for unchanged code): code added to
// this package's files that sort before this one can move it; see the
// comment at the top of rawwalk_numbers.go, and check with cpu-ab.sh.
func (w *idxWalker) skipTrusted(p, base int) (int, bool) {
	b := w.b
	switch b[p] {
	case '"':
		q := w.next() // the closing quote
		return q + 1, q >= 0
	case '{', '[':
	default:
		return p + 1, true
	}
	limit := w.maxDepth - base // the deepest d allowed
	if limit < 1 {
		return 0, false
	}
	idx, k := w.idx, w.k
	d := 1
	for {
		var q int
		if k+1 < len(idx) {
			// One position at a time, by a branch on its byte: a
			// string's opening quote skips its closing one unread, as the
			// checked walk does. (Four positions at a time without a
			// branch, by table, read every byte and took longer on
			// string-heavy input: twitter, people.)
			q = int(idx[k])
			switch b[q] {
			case '"':
				k += 2
				continue
			case '{', '[':
				if d++; d > limit {
					return 0, false
				}
			case '}', ']':
				if d--; d == 0 {
					w.k = k + 1
					return q + 1, true
				}
			}
			k++
			continue
		}
		// The window's last position, or the next window.
		if k < len(idx) {
			q = int(idx[k])
			k++
		} else {
			w.k = k
			q = w.refill()
			idx, k = w.idx, w.k
			if q < 0 {
				return 0, false
			}
		}
		if b[q] == '"' {
			// An opening quote, as above: its closing one is the next
			// position, which the fast path must not take for another
			// opening quote.
			if k < len(idx) {
				k++
			} else {
				w.k = k
				if w.refill() < 0 {
					return 0, false
				}
				idx, k = w.idx, w.k
			}
			continue
		}
		if d += int(depthStep[b[q]]); d == 0 {
			w.k = k
			return q + 1, true
		} else if d > limit {
			return 0, false
		}
	}
}

// pass skips the value whose first position p was just consumed, as skip
// does, or unchecked when w is trusted.
func (w *idxWalker) pass(p, base int) (int, bool) {
	if w.trusted {
		return w.skipTrusted(p, base)
	}
	return w.skip(p, base)
}

// endTrusted returns the offset just past the value at position p, at
// depth base, the last one a trusted walk returns: a scalar runs to the
// next byte that ends scalars (or the end of the input).
func (w *idxWalker) endTrusted(p, base int) (int, bool) {
	b := w.b
	switch b[p] {
	case '"', '{', '[':
		return w.skipTrusted(p, base)
	}
	e := p + 1
	for e < len(b) && !delim[b[e]] {
		e++
	}
	return e, true
}
