// Command celer validates, minifies and pretty-prints JSON with the celer
// streaming parser, in constant memory whatever the input size.
//
// Usage:
//
//	celer <command> [flags] [arguments]
//
// The commands are:
//
//	validate [FILE...]                     check that each input is one valid JSON value
//	min [-o OUT] [FILE]                    write compact JSON (as encoding/json.Compact)
//	fmt [--indent STR] [-o OUT] [FILE]     write indented JSON (as encoding/json.Indent)
//	query [--syntax S] [--array] [--paths] [--ndjson] EXPR [FILE]
//	                                       select values by JSONPath, JSON Pointer or dotted path
//	convert --from F --to T [-o OUT] [FILE] convert between JSON and CBOR, streaming
//	stats [--json] [--time D] [FILE]       size of the document in every format, raw and
//	                                       compressed (zstd, lz4, snappy), with speeds
//	bench                                  run benchmarks
//	version                                print the version
//	help [COMMAND]                         print help
//
// A missing FILE, or "-", means standard input. Flags may come before or
// after the files; "--" ends the flags. Invalid input is reported on standard error as FILE:LINE:COLUMN:
// MESSAGE, with "<stdin>" as the name of standard input; columns count
// bytes.
//
// The exit status is 0 on success, 1 when an input is invalid JSON or
// cannot be read or written, and 2 on a usage error.
//
// When standard error is a terminal and an input is larger than 8 MiB, a
// progress bar shows the bytes read, the throughput and the time left.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/celerjson/celer/stream"
)

// Exit statuses.
const (
	exitOK    = 0 // success
	exitFail  = 1 // invalid JSON, or an I/O error
	exitUsage = 2 // bad command line
)

// version is printed by "celer version". Set it at link time with
// -ldflags "-X main.version=v1.2.3"; when empty, the build info is used.
var version = ""

// env is the environment a command runs in. Tests provide their own
// streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is a subcommand.
type command struct {
	run     func(e *env, args []string) int // parses args and returns the exit status
	summary string                          // one line for the command list
}

// commands maps each subcommand name to its implementation. The "bench"
// entry lives in bench.go so that it can be replaced on its own; "help" is
// added by init, as it lists this map.
var commands = map[string]command{
	"validate": {cmdValidate, "check that each input is exactly one valid JSON value"},
	"min":      {cmdMin, "write compact JSON, as encoding/json.Compact"},
	"fmt":      {cmdFmt, "write indented JSON, as encoding/json.Indent"},
	"query":    {cmdQuery, "select values by JSONPath (RFC 9535), JSON Pointer or dotted path"},
	"convert":  {cmdConvert, "convert between JSON, CBOR, MessagePack, UBJSON, BSON and Extended JSON (--compress zstd|lz4|snappy)"},
	"stats":    {cmdStats, "size of a document in every format, raw and compressed, with speeds"},
	"bench":    benchCommand,
	"version":  {cmdVersion, "print the celer version"},
}

func init() {
	commands["help"] = command{cmdHelp, "print help for celer or for one command"}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the celer command line args (without the program name) and
// returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "celer: unknown command %q\n\n", args[0])
		printUsage(stderr)
		return exitUsage
	}
	return c.run(e, args[1:])
}

// printUsage writes the top-level help.
func printUsage(w io.Writer) {
	fmt.Fprint(w, `celer is a fast, strict JSON tool.

Usage:

	celer <command> [flags] [arguments]

The commands are:

`)
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", name, commands[name].summary)
	}
	fmt.Fprint(w, `
Use "celer help <command>" for more about a command.

A missing FILE, or "-", means standard input. Flags may come before or
after the files; "--" ends the flags. Exit status: 0 on success, 1 when an
input is invalid JSON or cannot be read or written, 2 on a usage error.
`)
}

// cmdHelp prints the top-level help, or a command's help on standard
// output.
func cmdHelp(e *env, args []string) int {
	switch {
	case len(args) == 0:
		printUsage(e.stdout)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(e.stderr, "usage: celer help [COMMAND]")
		return exitUsage
	}
	c, ok := commands[args[0]]
	if !ok || args[0] == "help" {
		if ok {
			fmt.Fprintln(e.stdout, "usage: celer help [COMMAND]")
			return exitOK
		}
		fmt.Fprintf(e.stderr, "celer help: unknown command %q\n", args[0])
		return exitUsage
	}
	return c.run(&env{stdin: e.stdin, stdout: e.stdout, stderr: e.stdout}, []string{"-h"})
}

// cmdVersion prints the version, Go version and platform.
func cmdVersion(e *env, args []string) int {
	fs := newFlagSet(e, "version", "", "Version prints the celer version.")
	rest, code, done := fs.parse(args)
	if done {
		return code
	}
	if len(rest) != 0 {
		return fs.usageError("too many arguments")
	}
	fmt.Fprintf(e.stdout, "celer %s %s %s/%s\n", buildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// buildVersion returns version or, when unset, what the build info knows.
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "devel"
	}
	return bi.Main.Version
}

// flagSet is the flag set of a command, with its help text.
type flagSet struct {
	*flag.FlagSet
	cmd  string // command name
	args string // synopsis of the arguments
	doc  string // description
}

// newFlagSet returns the flag set of command cmd, whose synopsis is
// "celer cmd args" and description doc.
func newFlagSet(e *env, cmd, args, doc string) *flagSet {
	fs := &flagSet{flag.NewFlagSet("celer "+cmd, flag.ContinueOnError), cmd, args, strings.TrimSpace(doc)}
	fs.SetOutput(e.stderr)
	fs.Usage = func() {} // parse prints help and usage itself
	return fs
}

// printUsage prints the synopsis and the flags, and with long the
// description too.
func (fs *flagSet) printUsage(long bool) {
	w := fs.Output()
	fmt.Fprintf(w, "usage: celer %s %s\n", fs.cmd, fs.args)
	if long {
		fmt.Fprintf(w, "\n%s\n", fs.doc)
	}
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		if long {
			fmt.Fprintln(w, "\nFlags:")
		}
		fs.PrintDefaults()
	}
	if !long {
		fmt.Fprintf(w, "Run 'celer help %s' for details.\n", fs.cmd)
	}
}

// parse parses the flags in args, which may come before, between or after
// the other arguments; "--" ends the flags. It returns the other arguments.
// When done is true, the command must return code: the flags asked for help
// (0) or were wrong (2).
func (fs *flagSet) parse(args []string) (rest []string, code int, done bool) {
	for {
		err := fs.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			fs.printUsage(true)
			return nil, exitOK, true
		case err != nil: // the flag package has printed err
			fs.printUsage(false)
			return nil, exitUsage, true
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, exitOK, false
		}
		if strings.HasPrefix(args[0], "-") && args[0] != "-" {
			// Only "--" makes the flag package stop before a flag.
			return append(rest, args...), exitOK, false
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// usageError reports a usage problem with the arguments.
func (fs *flagSet) usageError(msg string) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), msg)
	fs.printUsage(false)
	return exitUsage
}

// report prints err about the input called name: FILE:LINE:COL: MESSAGE for
// a syntax error, "celer CMD: error" for anything else (I/O errors name
// their file themselves).
func (e *env) report(cmd, name string, err error) {
	var se *stream.SyntaxError
	if !errors.As(err, &se) {
		fmt.Fprintf(e.stderr, "celer %s: %v\n", cmd, err)
		return
	}
	msg := "invalid JSON"
	if se.Err != nil {
		msg = se.Err.Error()
	}
	var where []string
	if se.Pointer != "" {
		where = append(where, "at "+se.Pointer)
	}
	if se.Quote != "" {
		where = append(where, "near "+se.Quote)
	}
	if len(where) > 0 {
		msg += " (" + strings.Join(where, ", ") + ")"
	}
	fmt.Fprintf(e.stderr, "%s:%d:%d: %s\n", name, se.Line, se.Column, msg)
}
