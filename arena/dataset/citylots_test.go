package dataset

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
)

func TestCityLotsValidSizedDeterministic(t *testing.T) {
	for _, target := range []int{64 << 10, 1 << 20, 5 << 20} {
		b := CityLotsBytes(target, 42)
		if !json.Valid(b) {
			t.Fatalf("target %d: output is not valid JSON", target)
		}
		if d := float64(len(b)-target) / float64(target); d < -0.02 || d > 0.02 {
			t.Errorf("target %d: got %d bytes (%+.2f%%)", target, len(b), 100*d)
		}
		if again := CityLotsBytes(target, 42); !bytes.Equal(b, again) {
			t.Errorf("target %d: same seed gave different bytes", target)
		}
		if other := CityLotsBytes(target, 43); bytes.Equal(b, other) {
			t.Errorf("target %d: different seeds gave the same bytes", target)
		}
	}
}

func TestCityLotsStreamMatchesBytes(t *testing.T) {
	var buf bytes.Buffer
	n, err := CityLots(&buf, 300<<10, 7)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("CityLots = %d, %v; buffer has %d bytes", n, err, buf.Len())
	}
	if !bytes.Equal(buf.Bytes(), CityLotsBytes(300<<10, 7)) {
		t.Fatal("CityLots and CityLotsBytes differ")
	}
}

func TestCityLotsTiny(t *testing.T) {
	for _, target := range []int{0, 10, 100, 2000} {
		if b := CityLotsBytes(target, 1); !json.Valid(b) {
			t.Errorf("target %d: invalid JSON %q", target, b)
		}
	}
}

// TestCityLotsShape checks the layout and value shapes of the original file.
func TestCityLotsShape(t *testing.T) {
	b := CityLotsBytes(2<<20, 3)
	s := string(b)
	if !strings.HasPrefix(s, clHeader+`{ "type": "Feature", "properties": { "MAPBLKLOT": "`) {
		t.Errorf("bad start: %.120q", s)
	}
	if !strings.HasSuffix(s, " } }"+clTrailer) {
		t.Errorf("bad end: %q", s[len(s)-40:])
	}
	lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(s, clHeader), clTrailer), "\n")
	for i, line := range lines {
		if i%2 == 1 && line != "," {
			t.Fatalf("line %d: want \",\", got %.80q", i, line)
		}
	}
	mustMatch(t, s, `"geometry": \{ "type": "MultiPolygon", "coordinates": \[ \[ \[ \[ -122\.`)
	mustMatch(t, s, `"ST_TYPE": null`)
	mustMatch(t, s, `"ODD_EVEN": null`)
	mustMatch(t, s, `\[ -122\.\d{15}, 37\.\d{15}, 0\.0 \]`)
	mustMatch(t, s, `"BLOCK_NUM": "\d{4}[A-Z]"`)
	var doc struct {
		Type     string
		Features []struct {
			Type       string
			Properties map[string]*string
			Geometry   struct {
				Type        string
				Coordinates json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	perFeature := len(b) / len(doc.Features)
	t.Logf("%d features, %d bytes per feature", len(doc.Features), perFeature)
	if perFeature < 700 || perFeature > 1200 {
		t.Errorf("average feature is %d bytes, want about 920", perFeature)
	}
	for _, f := range doc.Features {
		if f.Type != "Feature" || len(f.Properties) != 9 {
			t.Fatalf("bad feature %+v", f)
		}
	}
}

func mustMatch(t *testing.T, s, expr string) {
	t.Helper()
	if !regexp.MustCompile(expr).MatchString(s) {
		t.Errorf("no match for %s", expr)
	}
}

func TestCoordFormat(t *testing.T) {
	for v, want := range map[int64]string{
		-122422003528252475: "-122.422003528252475",
		-122420825939371070: "-122.42082593937107",
		37000000000000000:   "37.0",
		37000000000000001:   "37.000000000000001",
		37050000000000000:   "37.05",
		0:                   "0.0",
	} {
		if got := string(clAppendCoord(nil, v)); got != want {
			t.Errorf("clAppendCoord(%d) = %s, want %s", v, got, want)
		}
	}
}

func BenchmarkCityLots(b *testing.B) {
	b.SetBytes(8 << 20)
	for b.Loop() {
		CityLots(io.Discard, 8<<20, 1)
	}
}
