// Package dataset generates deterministic synthetic JSON documents shaped
// like well-known benchmark files, so benchmarks and tests need no
// downloaded data.
package dataset

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
)

// The fixed parts of the document, in the layout of the original
// citylots.json (GDAL's GeoJSON writer): one Feature per line, features
// separated by a line holding only ",", the array closed after an empty line.
const (
	clHeader  = "{\n\"type\": \"FeatureCollection\",\n\"features\": [\n"
	clSep     = "\n,\n"
	clTrailer = "\n\n]\n}\n"
)

// Coordinates are kept as integers in units of 1e-15 degree, so the output
// is exact, platform independent and carries 15 decimals like the original.
const (
	clUnit  = 1_000_000_000_000_000 // 1 degree
	clMilli = clUnit / 10_000       // 1e-4 degree, about 10 m
)

// The bounding box of San Francisco's lots.
const (
	clMinX = -122_514 * (clUnit / 1000)
	clMaxX = -122_357 * (clUnit / 1000)
	clMinY = 37_708 * (clUnit / 1000)
	clMaxY = 37_832 * (clUnit / 1000)
)

// clStreet is a street name and its nullable type.
type clStreet struct {
	name, kind string // kind "" is written as null
}

var clStreets = []clStreet{
	{"HYDE", "ST"}, {"NORTH POINT", "ST"}, {"BEACH", "ST"}, {"BAY", "ST"},
	{"JEFFERSON", "ST"}, {"COLUMBUS", "AVE"}, {"LARKIN", "ST"}, {"TAYLOR", "ST"},
	{"STOCKTON", "ST"}, {"MASON", "ST"}, {"LEAVENWORTH", "ST"}, {"MISSION", "ST"},
	{"VALENCIA", "ST"}, {"GEARY", "BLVD"}, {"IRVING", "ST"}, {"JUDAH", "ST"},
	{"NORIEGA", "ST"}, {"SUNSET", "BLVD"}, {"19TH", "AVE"}, {"CLEMENT", "ST"},
	{"DIVISADERO", "ST"}, {"CESAR CHAVEZ", "ST"}, {"PORTOLA", "DR"},
	{"LAGUNA HONDA", "BLVD"}, {"BROADWAY", ""}, {"EMBARCADERO", ""},
	{"TWIN PEAKS", "BLVD"}, {"ALEMANY", "BLVD"}, {"UNKNOWN", ""},
}

// CityLots writes to w a synthetic GeoJSON FeatureCollection shaped like the
// ~190 MB citylots.json (San Francisco city lots) benchmark file: the same
// layout and spacing, the same nine properties per Feature (ST_TYPE and
// ODD_EVEN sometimes null), Polygon and a few MultiPolygon geometries, and
// coordinates written with up to 15 decimals (up to 18 significant digits).
//
// The output is a single valid JSON value whose size is as close to
// targetBytes as whole features allow (within a feature, about 1 KB). It
// depends only on targetBytes and seed. CityLots streams: its memory use does
// not grow with targetBytes. It returns the number of bytes written.
func CityLots(w io.Writer, targetBytes int64, seed uint64) (int64, error) {
	cw := &clCountWriter{w: bufio.NewWriterSize(w, 64<<10)}
	g := clNewGen(seed)
	cw.writeString(clHeader)
	size := int64(len(clHeader) + len(clTrailer))
	for first := true; cw.err == nil; first = false {
		f := g.feature()
		add := int64(len(f))
		if !first {
			add += int64(len(clSep))
		}
		if size+add > targetBytes && size+add-targetBytes > targetBytes-size {
			break
		}
		if !first {
			cw.writeString(clSep)
		}
		cw.write(f)
		size += add
		if size >= targetBytes {
			break
		}
	}
	cw.writeString(clTrailer)
	return cw.flush()
}

// CityLotsBytes returns the document CityLots writes for targetBytes and
// seed.
func CityLotsBytes(targetBytes int, seed uint64) []byte {
	var b bytes.Buffer
	b.Grow(targetBytes + 2048)
	CityLots(&b, int64(targetBytes), seed) // a bytes.Buffer write cannot fail
	return b.Bytes()
}

// clCountWriter counts bytes and keeps the first error.
type clCountWriter struct {
	w   *bufio.Writer
	n   int64
	err error
}

func (c *clCountWriter) write(b []byte) {
	if c.err == nil {
		var n int
		n, c.err = c.w.Write(b)
		c.n += int64(n)
	}
}

func (c *clCountWriter) writeString(s string) {
	if c.err == nil {
		var n int
		n, c.err = c.w.WriteString(s)
		c.n += int64(n)
	}
}

func (c *clCountWriter) flush() (int64, error) {
	if c.err == nil {
		c.err = c.w.Flush()
	}
	return c.n, c.err
}

// clRand is a splitmix64 pseudo-random generator.
type clRand struct{ s uint64 }

func (r *clRand) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n); n must be positive.
func (r *clRand) intn(n int) int { return int(r.next() % uint64(n)) }

// between returns a number in [lo, hi]; hi must be >= lo.
func (r *clRand) between(lo, hi int64) int64 {
	return lo + int64(r.next()%uint64(hi-lo+1))
}

// percent reports true with probability p/100.
func (r *clRand) percent(p int) bool { return r.intn(100) < p }

// clPoint is a position in 1e-15 degree units.
type clPoint struct{ x, y int64 }

// clGen produces the Features one by one: blocks of lots, each block on one
// street, lots numbered in order and laid out in two rows.
type clGen struct {
	rng    clRand
	buf    []byte
	block  int      // current block number, 1-based
	suffix string   // block suffix letter such as "T", or ""
	left   int      // lots left in the current block
	lot    int      // current lot number in the block
	origin clPoint  // south-west corner of the block
	street clStreet // street of the block
	house  int      // next house number
	mapLot int      // lot number of MAPBLKLOT (condos share one)
	ring   []clPoint
}

func clNewGen(seed uint64) *clGen {
	return &clGen{rng: clRand{seed}, buf: make([]byte, 0, 8<<10)}
}

// feature returns the next Feature line; it is valid until the next call.
func (g *clGen) feature() []byte {
	if g.left == 0 {
		g.newBlock()
	}
	g.left--
	g.nextLot()
	b := append(g.buf[:0], `{ "type": "Feature", "properties": { `...)
	b = g.appendProperties(b)
	b = append(b, ` }, "geometry": { "type": `...)
	b = g.appendGeometry(b)
	b = append(b, " } }"...)
	g.buf = b
	return b
}

func (g *clGen) newBlock() {
	r := &g.rng
	g.block++
	g.suffix = ""
	if r.percent(4) {
		g.suffix = string(rune('A' + r.intn(26)))
	}
	g.left = int(r.between(4, 60))
	g.lot = 0
	g.mapLot = 0
	g.origin = clPoint{r.between(clMinX, clMaxX), r.between(clMinY, clMaxY)}
	g.street = clStreets[r.intn(len(clStreets))]
	g.house = int(r.between(1, 3800))
	if g.street.name == "UNKNOWN" {
		g.house = 0
	}
}

// nextLot advances the lot numbers; a few lots are condominium units that
// share the map lot of their predecessor.
func (g *clGen) nextLot() {
	g.lot++
	if g.mapLot == 0 || !g.rng.percent(15) {
		g.mapLot++
	}
	if g.house > 0 {
		g.house += 1 + 2*g.rng.intn(3)
	}
}

func (g *clGen) appendProperties(b []byte) []byte {
	r := &g.rng
	block := clPad(g.block%10000, 4)
	lot := clPad(g.lot%1000, 3)
	if r.percent(8) {
		lot += string(rune('A' + r.intn(8)))
	}
	mapKey := block + clPad(g.mapLot%1000, 3)
	b = clAppendProp(b, "MAPBLKLOT", mapKey, false)
	b = clAppendProp(b, "BLKLOT", block+g.suffix+lot, true)
	b = clAppendProp(b, "BLOCK_NUM", block+g.suffix, true)
	b = clAppendProp(b, "LOT_NUM", lot, true)
	from, to := g.house, g.house
	if from > 0 && r.percent(20) {
		to += 2 * int(r.between(1, 10))
	}
	b = clAppendProp(b, "FROM_ST", strconv.Itoa(from), true)
	b = clAppendProp(b, "TO_ST", strconv.Itoa(to), true)
	b = clAppendProp(b, "STREET", g.street.name, true)
	b = clAppendProp(b, "ST_TYPE", g.street.kind, true)
	parity := "E"
	switch {
	case r.percent(1):
		parity = ""
	case from%2 == 1:
		parity = "O"
	}
	return clAppendProp(b, "ODD_EVEN", parity, true)
}

// clAppendProp appends `"key": "value"`, or `"key": null` when value is "".
func clAppendProp(b []byte, key, value string, comma bool) []byte {
	if comma {
		b = append(b, ", "...)
	}
	b = append(b, '"')
	b = append(b, key...)
	b = append(b, `": `...)
	if value == "" {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = append(b, value...)
	return append(b, '"')
}

// clPad formats n with leading zeros to width digits.
func clPad(n, width int) string {
	s := strconv.Itoa(n)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// appendGeometry appends a Polygon (97%) or a MultiPolygon of 2 or 3
// polygons, from the type name to the closing bracket of the coordinates.
func (g *clGen) appendGeometry(b []byte) []byte {
	parts := 1
	if g.rng.percent(3) {
		parts = int(g.rng.between(2, 3))
		b = append(b, `"MultiPolygon", "coordinates": [ `...)
	} else {
		b = append(b, `"Polygon", "coordinates": `...)
	}
	corner := g.lotCorner()
	for i := range parts {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = g.appendPolygon(b, clPoint{corner.x + int64(i)*4*clMilli, corner.y})
	}
	if parts > 1 {
		b = append(b, " ]"...)
	}
	return b
}

// lotCorner returns the south-west corner of the current lot: lots stand in
// two rows of about 25 m wide lots.
func (g *clGen) lotCorner() clPoint {
	col, row := int64(g.lot/2), int64(g.lot%2)
	return clPoint{
		g.origin.x + col*3*clMilli + g.rng.between(-clMilli/10, clMilli/10),
		g.origin.y + row*5*clMilli + g.rng.between(-clMilli/10, clMilli/10),
	}
}

// appendPolygon appends one polygon: an outer ring and, rarely, a hole.
func (g *clGen) appendPolygon(b []byte, sw clPoint) []byte {
	r := &g.rng
	w, h := r.between(clMilli, 3*clMilli), r.between(2*clMilli, 5*clMilli)
	skew := r.between(-clMilli/2, clMilli/2)
	corners := [4]clPoint{
		sw,
		{sw.x + w, sw.y + skew/4},
		{sw.x + w + skew, sw.y + h + skew/4},
		{sw.x + skew, sw.y + h},
	}
	b = append(b, "[ "...)
	b = g.appendRing(b, corners, g.vertexCount())
	if r.percent(1) {
		c := clPoint{sw.x + w/3, sw.y + h/3}
		hole := [4]clPoint{c, {c.x, c.y + h/3}, {c.x + w/3, c.y + h/3}, {c.x + w/3, c.y}}
		b = append(b, ", "...)
		b = g.appendRing(b, hole, 4)
	}
	return append(b, " ]"...)
}

// vertexCount returns the number of distinct vertices of a ring; most lots
// are plain quadrilaterals, some follow curved streets.
func (g *clGen) vertexCount() int {
	r := &g.rng
	switch p := r.intn(100); {
	case p < 50:
		return 4
	case p < 80:
		return int(r.between(5, 11))
	case p < 95:
		return int(r.between(12, 31))
	default:
		return int(r.between(32, 100))
	}
}

// appendRing appends a closed ring of n >= 4 vertices along the quadrilateral
// corners, densified with slightly jittered points on its edges.
func (g *clGen) appendRing(b []byte, corners [4]clPoint, n int) []byte {
	ring := g.ring[:0]
	extra := n - 4
	for e := range 4 {
		a, z := corners[e], corners[(e+1)%4]
		ring = append(ring, a)
		k := int64(extra / 4)
		if e < extra%4 {
			k++
		}
		for i := int64(1); i <= k; i++ {
			ring = append(ring, clPoint{
				a.x + (z.x-a.x)*i/(k+1) + g.rng.between(-clMilli/100, clMilli/100),
				a.y + (z.y-a.y)*i/(k+1) + g.rng.between(-clMilli/100, clMilli/100),
			})
		}
	}
	ring = append(ring, ring[0])
	g.ring = ring
	b = append(b, "[ "...)
	for i, p := range ring {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "[ "...)
		b = clAppendCoord(b, p.x)
		b = append(b, ", "...)
		b = clAppendCoord(b, p.y)
		b = append(b, ", 0.0 ]"...)
	}
	return append(b, " ]"...)
}

// clAppendCoord appends v/1e15 with 15 decimals, trailing zeros trimmed
// (keeping at least one decimal).
func clAppendCoord(b []byte, v int64) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, v/clUnit, 10)
	b = append(b, '.')
	frac := v % clUnit
	digits := 15
	for digits > 1 && frac%10 == 0 {
		frac /= 10
		digits--
	}
	start := len(b)
	b = strconv.AppendInt(b, frac, 10)
	for len(b)-start < digits { // restore leading zeros
		b = append(b, 0)
		copy(b[start+1:], b[start:])
		b[start] = '0'
	}
	return b
}
