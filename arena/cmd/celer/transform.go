package main

import (
	"io"

	"github.com/celerjson/celer/stream"
)

const minDoc = `
Min writes FILE (standard input if none, or for "-") without insignificant
whitespace, byte for byte as encoding/json.Compact does; the output has no
trailing newline. It reads and writes in constant memory.

Invalid input is reported as FILE:LINE:COLUMN: MESSAGE on standard error
("<stdin>" names standard input) and the exit status is 1; standard output
may then have received part of the output, but an -o file is left untouched:
the output goes to a temporary file in the same directory, renamed over FILE
on success (keeping the permissions of the file it replaces, else 0644).`

const fmtDoc = `
Fmt writes FILE (standard input if none, or for "-") indented, byte for byte
as encoding/json.Indent does with an empty prefix: one element per line,
nested levels indented by STR (two spaces by default); whitespace after the
value is kept as is, so a file ending with a newline keeps it. It reads and
writes in constant memory.

STR is used literally: no escapes are interpreted, so give a tab as a tab,
e.g. --indent "$(printf '\t')" or, in bash, --indent $'\t'.

Invalid input is reported as FILE:LINE:COLUMN: MESSAGE on standard error
("<stdin>" names standard input) and the exit status is 1; standard output
may then have received part of the output, but an -o file is left untouched:
the output goes to a temporary file in the same directory, renamed over FILE
on success (keeping the permissions of the file it replaces, else 0644).`

// outputFlagDoc documents the -o flag of min and fmt.
const outputFlagDoc = "write to `FILE` instead of standard output; FILE is replaced only on success"

// transformer writes the transformed JSON of r to w.
type transformer func(w io.Writer, r io.Reader) error

// cmdMin implements "celer min [-o FILE] [FILE]".
func cmdMin(e *env, args []string) int {
	fs := newFlagSet(e, "min", "[-o OUT] [FILE]", minDoc)
	out := fs.String("o", "", outputFlagDoc)
	return e.transform(fs, args, out, func(w io.Writer, r io.Reader) error {
		return stream.Compact(w, r)
	})
}

// cmdFmt implements "celer fmt [--indent STR] [-o FILE] [FILE]".
func cmdFmt(e *env, args []string) int {
	fs := newFlagSet(e, "fmt", "[--indent STR] [-o OUT] [FILE]", fmtDoc)
	out := fs.String("o", "", outputFlagDoc)
	indent := fs.String("indent", "  ", "indent nested levels by `STR`, taken literally")
	return e.transform(fs, args, out, func(w io.Writer, r io.Reader) error {
		return stream.Indent(w, r, "", *indent)
	})
}

// transform parses the command line of min or fmt, then runs t.
func (e *env) transform(fs *flagSet, args []string, out *string, t transformer) int {
	files, code, done := fs.parse(args)
	if done {
		return code
	}
	switch len(files) {
	case 0:
		return e.convert(fs.cmd, "-", *out, t)
	case 1:
		return e.convert(fs.cmd, files[0], *out, t)
	}
	return fs.usageError("at most one FILE")
}

// convert runs t from the input path to the output out ("" for standard
// output) and returns the exit status of command cmd.
func (e *env) convert(cmd, path, out string, t transformer) int {
	in, err := e.open(path)
	if err != nil {
		e.report(cmd, path, err)
		return exitFail
	}
	defer in.close()
	dst, err := e.createOutput(out)
	if err != nil {
		e.report(cmd, out, err)
		return exitFail
	}
	r, finish := e.track(in)
	err = t(dst, r)
	finish(err == nil)
	if err != nil {
		dst.abort()
		e.report(cmd, in.name, err)
		return exitFail
	}
	if err := dst.commit(); err != nil {
		e.report(cmd, out, err)
		return exitFail
	}
	return exitOK
}
