package stream_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"testing"
)

// TestReadTokenCopiesAgree: ReadToken is written twice, nosplit in
// readtoken_norace.go and without it for -race in readtoken_race.go (see
// there); a change to one must be made to the other, or the race tests
// would test another function than the one built without -race.
func TestReadTokenCopiesAgree(t *testing.T) {
	body := func(file string) string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, nil, 0) // (no comments: only the code is compared)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn.Doc = nil
			var buf bytes.Buffer
			if err := printer.Fprint(&buf, fset, fn); err != nil {
				t.Fatal(err)
			}
			found = append(found, buf.String())
		}
		if len(found) != 1 {
			t.Fatalf("%s: %d functions, want ReadToken alone", file, len(found))
		}
		return found[0]
	}
	norace, race := body("readtoken_norace.go"), body("readtoken_race.go")
	if norace != race {
		t.Fatalf("ReadToken differs between the two files:\nreadtoken_norace.go:\n%s\nreadtoken_race.go:\n%s", norace, race)
	}
}
