package dom

// hasDuplicateNames reports whether any object of d has two members with
// the same (unescaped) name. It runs only with RejectDuplicateNames, after
// the tape is built: small objects compare names pairwise, large ones use
// a set.
func (d *Doc) hasDuplicateNames() bool {
	var seen map[string]struct{}
	for i := uint32(0); int(i) < len(d.tape); {
		e := d.tape[i]
		switch tagOf(e) {
		case tagObject:
			if n := lenOf(e); n > 1 {
				if n <= 16 {
					if d.dupSmall(i) {
						return true
					}
				} else {
					if seen == nil {
						seen = make(map[string]struct{}, n)
					}
					clear(seen)
					if d.dupSet(i, seen) {
						return true
					}
				}
			}
			i += 2 // into the members
		case tagArray:
			i += 2
		default:
			i++
		}
	}
	return false
}

func (d *Doc) dupSmall(obj uint32) bool {
	var names [16]string
	n := 0
	for j, end := obj+2, endOf(d.tape[obj]); j < end; j = d.skip(d.skip(j)) {
		c := d.text(j)
		for _, k := range names[:n] {
			if k == c {
				return true
			}
		}
		names[n] = c
		n++
	}
	return false
}

func (d *Doc) dupSet(obj uint32, seen map[string]struct{}) bool {
	for j, end := obj+2, endOf(d.tape[obj]); j < end; j = d.skip(d.skip(j)) {
		c := d.text(j)
		if _, ok := seen[c]; ok {
			return true
		}
		seen[c] = struct{}{}
	}
	return false
}
