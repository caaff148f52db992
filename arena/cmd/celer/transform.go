package main

import (
	"flag"
	"io"

	"github.com/celerjson/celer/stream"
)

const minDoc = `
Min writes FILE (standard input if none, or for "-") without insignificant
whitespace, byte for byte as encoding/json.Compact does; the output has no
trailing newline. It reads and writes in constant memory.

Invalid input is reported as FILE:LINE:COLUMN: MESSAGE on standard error
("<stdin>" names standard input) and the exit status is 1; standard output
may then have received part of the output, but an -o file is left untouched.`

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
may then have received part of the output, but an -o file is left untouched.`

// outputFlagDoc documents the -o flag of min and fmt.
const outputFlagDoc = "write the output to `FILE` instead of standard output; FILE is " +
	"replaced only on success (through a temporary file in its directory), " +
	"keeping its permissions, or created with mode 0644"

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

// transform parses the command line of min or fmt, then runs t from the
// input file to the output.
func (e *env) transform(fs *flag.FlagSet, args []string, out *string, t transformer) int {
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() > 1 {
		return usageError(fs, "at most one FILE")
	}
	cmd := fs.Name()[len("celer "):]
	in, err := e.open(fs.Arg(0))
	if err != nil {
		e.report(cmd, fs.Arg(0), err)
		return exitFail
	}
	defer in.close()
	dst, err := e.createOutput(*out)
	if err != nil {
		e.report(cmd, *out, err)
		return exitFail
	}
	r, done := e.track(in)
	err = t(dst, r)
	done(err == nil)
	if err != nil {
		dst.abort()
		e.report(cmd, in.name, err)
		return exitFail
	}
	if err := dst.commit(); err != nil {
		e.report(cmd, *out, err)
		return exitFail
	}
	return exitOK
}
