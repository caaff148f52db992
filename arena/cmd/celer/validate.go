package main

import "github.com/celerjson/celer/stream"

const validateDoc = `
Validate checks that each FILE (standard input if none, or for "-") holds
exactly one valid JSON value (RFC 8259, strict: valid UTF-8, no comments, no
trailing commas), surrounded by optional whitespace. It reads in constant
memory, whatever the file size.

For each invalid input it prints FILE:LINE:COLUMN: MESSAGE on standard error
("<stdin>" names standard input; columns count bytes). A missing or
unreadable FILE is reported too, and validation goes on with the next one.

Exit status: 0 if every input is valid, 1 if any is invalid or unreadable,
2 on a usage error.`

// cmdValidate implements "celer validate [FILE...]".
func cmdValidate(e *env, args []string) int {
	fs := newFlagSet(e, "validate", "[FILE...]", validateDoc)
	files, code, done := fs.parse(args)
	if done {
		return code
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, path := range files {
		if !e.validate(path) {
			code = exitFail
		}
	}
	return code
}

// validate validates one input, reports a problem, and returns whether the
// input is valid.
func (e *env) validate(path string) bool {
	in, err := e.open(path)
	if err != nil {
		e.report("validate", path, err)
		return false
	}
	defer in.close()
	r, finish := e.track(in)
	err = stream.ValidateReader(r)
	finish(err == nil)
	if err != nil {
		e.report("validate", in.name, err)
	}
	return err == nil
}
