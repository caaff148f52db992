package dataset

import (
	"strconv"
)

// Named is one generated dataset.
type Named struct {
	Name string
	Data []byte
}

// rng is a splitmix64 generator: tiny, fast and the same on every platform.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

func (r *rng) word(alphabet string, min, max int) string {
	runes := []rune(alphabet)
	n := min + r.intn(max-min+1)
	b := make([]rune, n)
	for i := range b {
		b[i] = runes[r.intn(len(runes))]
	}
	return string(b)
}

const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// Citys returns a compact JSON array of n objects shaped like the Groovy
// benchmark's citys.json (29,470 in the original): city, loc (longitude,
// latitude), pop, state and a five-digit ZIP code as id.
func Citys(n int, seed uint64) []byte {
	r := rng(seed)
	b := make([]byte, 0, n*90)
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"city":"`...)
		b = append(b, r.word(upper+"   ", 4, 16)...)
		b = append(b, `","loc":[`...)
		b = strconv.AppendFloat(b, -float64(70+r.intn(90))-float64(r.intn(1000000))/1e6, 'f', -1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, float64(20+r.intn(45))+float64(r.intn(1000000))/1e6, 'f', -1, 64)
		b = append(b, `],"pop":`...)
		b = strconv.AppendInt(b, int64(r.intn(100000)), 10)
		b = append(b, `,"state":"`...)
		b = append(b, r.word(upper, 2, 2)...)
		b = append(b, `","id":"`...)
		b = append(b, strconv.Itoa(10000 + i*3 + r.intn(3))[1:]...)
		b = append(b, `"}`...)
	}
	return append(b, ']')
}

// People returns mORMot's People table export shape: a JSON array of rows
// {RowID, FirstName, LastName, Data, YearOfBirth, YearOfDeath}, one per
// line with CRLF line ends, names with escapes and accents, a Base64 blob,
// and one RowID above 2^32 as in the seed.
func People(rows int, seed uint64) []byte {
	r := rng(seed)
	b := make([]byte, 0, rows*120)
	b = append(b, '[')
	for i := 0; i < rows; i++ {
		if i > 0 {
			b = append(b, ",\r\n"...)
		}
		id := int64(i + 1)
		if i == rows/2 {
			id = 1<<32 + 7
		}
		b = append(b, `{"RowID":`...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, `,"FirstName":"`...)
		b = append(b, r.word("abcdefghijklmnopqrstuvwxyz", 3, 10)...)
		if r.intn(20) == 0 {
			b = append(b, `\n\u0007`...)
		}
		b = append(b, `","LastName":"`...)
		b = append(b, r.word("abcdefghijklmnopqrstuvwxyzéèàü", 4, 12)...)
		b = append(b, `","Data":"￰`...)
		b = append(b, r.word("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 8, 40)...)
		b = append(b, `","YearOfBirth":`...)
		born := 1400 + r.intn(600)
		b = strconv.AppendInt(b, int64(born), 10)
		b = append(b, `,"YearOfDeath":`...)
		b = strconv.AppendInt(b, int64(born+20+r.intn(80)), 10)
		b = append(b, '}')
	}
	return append(b, "]\r\n"...)
}

// Logs returns n log records as one JSON array, indented with two spaces:
// the escape-heavy shape of syslog lines, with quotes, backslashes, paths
// and \u escapes inside strings.
func Logs(n int, seed uint64) []byte {
	r := rng(seed)
	b := make([]byte, 0, n*260)
	b = append(b, "[\n"...)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ",\n"...)
		}
		b = append(b, `  {"ts": 1521911`...)
		b = strconv.AppendInt(b, int64(100000+i*7), 10)
		b = append(b, `.`...)
		b = strconv.AppendInt(b, int64(100000+r.intn(900000)), 10)
		b = append(b, `, "host": "10.`...)
		b = strconv.AppendInt(b, int64(r.intn(255)), 10)
		b = append(b, `.0.`...)
		b = strconv.AppendInt(b, int64(r.intn(255)), 10)
		b = append(b, `", "severity": "`...)
		b = append(b, []string{"info", "notice", "warning", "err"}[r.intn(4)]...)
		b = append(b, `", "message": "`...)
		b = append(b, r.word("abcdefgh ", 5, 20)...)
		b = append(b, `: opened \"C:\\Users\\`...)
		b = append(b, r.word("abcdefgh", 3, 8)...)
		b = append(b, `\\file.txt\" \u00e9t\u00e9 \\\\ \t`...)
		b = append(b, r.word("ijklmnop/", 10, 40)...)
		b = append(b, `"}`...)
	}
	return append(b, "\n]\n"...)
}
