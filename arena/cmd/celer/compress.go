package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// Compression for transfer: convert --compress frames its output in one
// of these streaming formats, and --decompress reads them back.
//
//	zstd    Zstandard frames (RFC 8878), klauspost/compress/zstd, default level
//	lz4     LZ4 frames (the LZ4 frame format), pierrec/lz4/v4, default level
//	snappy  the Snappy framing format (stream identifier "sNaPpY", CRC-32C
//	        per chunk), klauspost/compress/snappy
//
// Each is the framed (self-delimiting, checksummed) stream format, not a
// raw block, so that the output can be piped or stored and read back by
// the usual tools (zstd -d, lz4 -d, and snappy framing readers).
var codecs = []string{"zstd", "lz4", "snappy"}

// maxZstdWindow bounds the window a zstd frame may ask the decoder for, so
// that a hostile header cannot make it allocate more (the library's default
// is 512 MiB). zstd's own command line needs --long to make larger ones.
const maxZstdWindow = 128 << 20

// Magic numbers at the start of each framed format.
var (
	zstdMagic   = []byte{0x28, 0xb5, 0x2f, 0xfd}
	lz4Magic    = []byte{0x04, 0x22, 0x4d, 0x18}
	snappyMagic = []byte{0xff, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'}
)

// checkCodec returns an error naming the codecs when name is not one
// (auto, detection by magic, allowed with allowAuto).
func checkCodec(name string, allowAuto bool) error {
	for _, c := range codecs {
		if name == c {
			return nil
		}
	}
	if allowAuto && name == "auto" {
		return nil
	}
	list := strings.Join(codecs, ", ")
	if allowAuto {
		list += " or auto"
	}
	return fmt.Errorf("unknown codec %q (%s)", name, list)
}

// compressWriter returns a writer that compresses to w in codec's framed
// format; Close ends the frame (it does not close w).
func compressWriter(w io.Writer, codec string) (io.WriteCloser, error) {
	switch codec {
	case "zstd":
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
	case "lz4":
		return lz4.NewWriter(w), nil
	case "snappy":
		return snappy.NewBufferedWriter(w), nil
	}
	return nil, checkCodec(codec, false)
}

// compressBytes returns b compressed by codec, exactly as compressWriter
// writes it.
func compressBytes(dst []byte, codec string, b []byte) ([]byte, error) {
	buf := bytes.NewBuffer(dst[:0])
	cw, err := compressWriter(buf, codec)
	if err != nil {
		return nil, err
	}
	if _, err := cw.Write(b); err != nil {
		return nil, err
	}
	if err := cw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sniffCodec returns the codec whose magic number b starts with, or "".
func sniffCodec(b []byte) string {
	switch {
	case bytes.HasPrefix(b, zstdMagic):
		return "zstd"
	case bytes.HasPrefix(b, lz4Magic):
		return "lz4"
	case bytes.HasPrefix(b, snappyMagic):
		return "snappy"
	}
	return ""
}

// decompressReader returns a reader of what r holds compressed by codec;
// with "auto", the codec is the one whose magic number starts r, and r
// is read as it is when none does. The caller must call release when done.
func decompressReader(r io.Reader, codec string) (dr io.Reader, release func(), err error) {
	if codec == "auto" {
		br := bufio.NewReader(r)
		head, _ := br.Peek(len(snappyMagic)) // errors come back on Read
		r, codec = br, sniffCodec(head)
		if codec == "" {
			return br, func() {}, nil
		}
	}
	switch codec {
	case "zstd":
		d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstdWindow))
		if err != nil {
			return nil, nil, err
		}
		return d, d.Close, nil
	case "lz4":
		return lz4.NewReader(r), func() {}, nil
	case "snappy":
		return snappy.NewReader(r), func() {}, nil
	}
	return nil, nil, checkCodec(codec, true)
}

// decompressBytes returns b decompressed by codec.
func decompressBytes(codec string, b []byte) ([]byte, error) {
	r, release, err := decompressReader(bytes.NewReader(b), codec)
	if err != nil {
		return nil, err
	}
	defer release()
	return io.ReadAll(r)
}
