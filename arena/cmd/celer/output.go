package main

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// output is where min and fmt write: standard output, or a temporary file
// that commit renames over the -o file, so that a failed run leaves no
// half-written file behind.
type output struct {
	*bufio.Writer
	tmp  *os.File // nil for standard output
	path string   // the -o file
}

// createOutput returns an output to path, or to standard output when path
// is empty.
func (e *env) createOutput(path string) (*output, error) {
	if path == "" {
		return &output{Writer: bufio.NewWriterSize(e.stdout, 64<<10)}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &output{Writer: bufio.NewWriterSize(tmp, 64<<10), tmp: tmp, path: path}, nil
}

// commit flushes the output and, for a file, moves it into place with the
// permissions of the file it replaces, or 0644.
func (o *output) commit() error {
	err := o.Flush()
	if o.tmp == nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if fi, statErr := os.Stat(o.path); statErr == nil {
		mode = fi.Mode().Perm()
	}
	err = errors.Join(err, o.tmp.Chmod(mode), o.tmp.Close())
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		os.Remove(o.tmp.Name())
	}
	return err
}

// abort discards a file output; standard output is flushed, as part of it
// may already have been written anyway.
func (o *output) abort() {
	if o.tmp == nil {
		o.Flush()
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}
