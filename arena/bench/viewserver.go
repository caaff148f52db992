package bench

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"os/exec"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
)

// The CouchDB view server of the couchdb/view-server scenario. CouchDB
// keeps its documents in a store and hands each one to a view server, a
// separate process running the user's map and reduce functions, over a
// pipe: JSON lines, one request and one response per line. The thread the
// scenario reproduces dropped the JSON text between the two processes and
// measured about three times the map speed on 4 KiB and 8 KiB documents.
//
// Here the parent reads the stored documents (bbolt) and streams them to
// a child process, which decodes each one into a generic value (what a
// JavaScript view server gets from JSON.parse), runs the map function and
// streams the emitted rows back; the parent then sorts the rows by key and
// sends them back in batches for the reduce function (sum and count), as
// CouchDB does with a view's B-tree nodes. The child is this executable
// again (`celer bench __child {"view_server":WIRE}`), speaking one of two
// wires:
//
//   - "json": JSON lines. A request is ["map_doc",DOC] or
//     ["reduce",[[[KEY,ID],VALUE],...]], a response [[KEY,VALUE],...] or
//     [SUM,COUNT], each on a line of its own.
//   - "msgpack": the same messages in MessagePack, each frame preceded by
//     its length (4 bytes, big-endian). A document stored as MessagePack
//     goes into its frame as it is stored, without being decoded or
//     re-encoded by the parent.

// Wires and storage formats of the view server.
const (
	wireJSON    = "json"
	wireMsgpack = "msgpack"
)

// A viewRow is one row a map function emitted, with the ID of its
// document.
type viewRow struct {
	ID, Key string
	Value   float64
}

// A viewPartial is the reduce function's result on one batch of rows.
type viewPartial struct {
	Sum   float64
	Count int
}

// A viewGroup is the reduced value of one key (group=true).
type viewGroup struct {
	Key   string
	Sum   float64
	Count int
}

// viewBatch is the largest number of rows of one reduce request.
const viewBatch = 200

// A viewServer runs the view's map and reduce functions.
type viewServer interface {
	Name() string
	// ViewStore is the format of the stored documents it reads.
	ViewStore() string
	// Map maps every document docs yields (ID and stored bytes, valid
	// while the call lasts) and appends the rows to dst in document order.
	Map(dst []viewRow, docs iter.Seq2[[]byte, []byte]) ([]viewRow, error)
	// Reduce reduces each batch (rows of one key) and appends one partial
	// result per batch, in order.
	Reduce(dst []viewPartial, batches [][]viewRow) ([]viewPartial, error)
}

// viewMap is the view's map function on a document decoded into a generic
// value (maps, slices, strings, numbers, as JSON.parse would give it):
//
//	emit(doc.type, doc.n if present, else doc.f1 or 0)
//	if doc.nested1.nested2.more_nested.d is a string:
//	    emit("d:" + d, length of doc.nested1.a)
func viewMap(doc any, emit func(key string, value float64)) {
	m, ok := doc.(map[string]any)
	if !ok {
		return
	}
	typ, _ := m["type"].(string)
	if n, ok := m["n"]; ok && n != nil {
		emit(typ, toFloat(n))
	} else {
		emit(typ, toFloat(m["f1"]))
	}
	n1, _ := m["nested1"].(map[string]any)
	n2, _ := n1["nested2"].(map[string]any)
	n3, _ := n2["more_nested"].(map[string]any)
	if d, ok := n3["d"].(string); ok {
		a, _ := n1["a"].([]any)
		emit("d:"+d, float64(len(a)))
	}
}

// toFloat converts a decoded number to float64 (0 for anything else).
func toFloat(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	case int:
		return float64(x)
	}
	return 0
}

// viewReduce is the reduce function: the sum and the count of values.
func viewReduce(values iter.Seq[float64]) viewPartial {
	var p viewPartial
	for v := range values {
		p.Sum += v
		p.Count++
	}
	return p
}

// viewBatches cuts rows sorted by key into the batches of the reduce
// requests: rows of one key, at most viewBatch of them.
func viewBatches(dst [][]viewRow, rows []viewRow) [][]viewRow {
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && j-i < viewBatch && rows[j].Key == rows[i].Key {
			j++
		}
		dst = append(dst, rows[i:j])
		i = j
	}
	return dst
}

// viewCombine adds up the partial results of each key's batches (the
// rereduce of a sum and a count).
func viewCombine(dst []viewGroup, batches [][]viewRow, parts []viewPartial) []viewGroup {
	for i, b := range batches {
		if n := len(dst); n > 0 && dst[n-1].Key == b[0].Key {
			dst[n-1].Sum += parts[i].Sum
			dst[n-1].Count += parts[i].Count
			continue
		}
		dst = append(dst, viewGroup{Key: b[0].Key, Sum: parts[i].Sum, Count: parts[i].Count})
	}
	return dst
}

// inProcessView runs the functions in the parent, on documents decoded
// from the store with celer.
type inProcessView struct{ store string }

func (v inProcessView) Name() string {
	if v.store == wireJSON {
		return "in-process"
	}
	return "in-process (" + v.store + " store)"
}

func (v inProcessView) ViewStore() string { return v.store }

func (v inProcessView) Map(dst []viewRow, docs iter.Seq2[[]byte, []byte]) ([]viewRow, error) {
	for id, doc := range docs {
		var d any
		if err := couchFormatOf(v.store).unmarshal(doc, &d); err != nil {
			return dst, err
		}
		ids := string(id)
		viewMap(d, func(k string, x float64) { dst = append(dst, viewRow{ID: ids, Key: k, Value: x}) })
	}
	return dst, nil
}

func (inProcessView) Reduce(dst []viewPartial, batches [][]viewRow) ([]viewPartial, error) {
	for _, b := range batches {
		dst = append(dst, viewReduce(rowValues(b)))
	}
	return dst, nil
}

// rowValues yields the values of rows.
func rowValues(rows []viewRow) iter.Seq[float64] {
	return func(yield func(float64) bool) {
		for _, r := range rows {
			if !yield(r.Value) {
				return
			}
		}
	}
}

// childView runs the functions in a child process speaking wire, fed
// from the store of format store. The process starts on first use and
// stays until the run ends.
type childView struct {
	name, wire, store string
	env               *Env

	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *capBuffer
	dead   error
	waited chan struct{}
	proc   atomic.Pointer[os.Process]
}

func (c *childView) Name() string      { return c.name }
func (c *childView) ViewStore() string { return c.store }

// start starts the child process unless it runs.
func (c *childView) start() error {
	if c.dead != nil {
		return c.dead
	}
	if c.cmd != nil {
		return nil
	}
	self := c.env.self
	if len(self) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		self = []string{exe, "bench"}
	}
	arg, _ := json.Marshal(childReq{ViewServer: c.wire})
	cmd := exec.Command(self[0], append(self[1:], ChildCommand, string(arg))...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	c.stderr = &capBuffer{max: 4 << 10}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the view server: %w", err)
	}
	c.cmd, c.stdin, c.stdout = cmd, in, bufio.NewReaderSize(out, 64<<10)
	c.proc.Store(cmd.Process)
	c.waited = make(chan struct{})
	go func() { cmd.Wait(); close(c.waited) }()
	c.env.onClose(c.close)
	return nil
}

// fail stops the child after a protocol error: later calls fail too.
func (c *childView) fail(err error) error {
	if c.dead == nil {
		if c.cmd != nil {
			c.cmd.Process.Kill()
			<-c.waited
		}
		if s := bytes.TrimSpace(c.stderr.Bytes()); len(s) > 0 {
			err = fmt.Errorf("%w (view server: %s)", err, s)
		}
		c.dead = err
	}
	return c.dead
}

// close ends the child: end of input, then a kill if it lingers. An
// exchange still under way (a stalled run) is ended by a kill.
func (c *childView) close() {
	if !c.mu.TryLock() {
		if p := c.proc.Load(); p != nil {
			p.Kill()
		}
		return
	}
	defer c.mu.Unlock()
	if c.cmd == nil || c.dead != nil {
		return
	}
	c.stdin.Close()
	select {
	case <-c.waited:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-c.waited
	}
	c.dead = errors.New("view server closed")
}

// exchange streams requests, written by send, to the child while reading
// the responses. send runs in a goroutine of its own, so that the two
// directions flow at once; it calls queue(v) before writing each request,
// and recv gets v with the request's response (valid during the call).
// queue flushes the requests written so far before it would wait for the
// reader: a request held in the buffer while the reader waits for its
// answer would stall both sides.
func (c *childView) exchange(send func(w *bufio.Writer, queue func(string)) error, recv func(v string, msg []byte) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.start(); err != nil {
		return err
	}
	q := make(chan string, 1024)
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(c.stdin, 64<<10)
		queue := func(v string) {
			select {
			case q <- v:
			default:
				w.Flush()
				q <- v
			}
		}
		err := send(w, queue)
		if err == nil {
			err = w.Flush()
		}
		close(q)
		werr <- err
	}()
	var msg []byte
	var rerr error
	for v := range q {
		if rerr != nil {
			continue // drain: send must not block
		}
		msg, rerr = readMsg(c.stdout, c.wire, msg)
		if rerr == nil {
			rerr = recv(v, msg)
		}
		if rerr != nil {
			c.fail(rerr) // unblocks send with a broken pipe
		}
	}
	if err := <-werr; err != nil && rerr == nil {
		rerr = err
	}
	if rerr != nil {
		return c.fail(rerr)
	}
	return nil
}

func (c *childView) Map(dst []viewRow, docs iter.Seq2[[]byte, []byte]) ([]viewRow, error) {
	enc := newWireWriter(c.wire)
	send := func(w *bufio.Writer, queue func(string)) error {
		for id, doc := range docs {
			queue(string(id))
			if err := enc.mapRequest(w, doc, c.store); err != nil {
				return err
			}
		}
		return nil
	}
	f := couchFormatOf(c.wire)
	var emits [][2]any
	recv := func(id string, msg []byte) error {
		emits = emits[:0]
		if err := f.unmarshal(msg, &emits); err != nil {
			return fmt.Errorf("map response: %w", err)
		}
		for _, e := range emits {
			k, ok := e[0].(string)
			if !ok {
				return fmt.Errorf("map response: key %v is not a string", e[0])
			}
			dst = append(dst, viewRow{ID: id, Key: k, Value: toFloat(e[1])})
		}
		return nil
	}
	err := c.exchange(send, recv)
	return dst, err
}

func (c *childView) Reduce(dst []viewPartial, batches [][]viewRow) ([]viewPartial, error) {
	enc := newWireWriter(c.wire)
	send := func(w *bufio.Writer, queue func(string)) error {
		for _, b := range batches {
			queue("")
			if err := enc.reduceRequest(w, b); err != nil {
				return err
			}
		}
		return nil
	}
	f := couchFormatOf(c.wire)
	var res []float64
	recv := func(_ string, msg []byte) error {
		res = res[:0]
		if err := f.unmarshal(msg, &res); err != nil {
			return fmt.Errorf("reduce response: %w", err)
		}
		if len(res) != 2 {
			return fmt.Errorf("reduce response of %d values, want [sum, count]", len(res))
		}
		dst = append(dst, viewPartial{Sum: res[0], Count: int(res[1])})
		return nil
	}
	return dst, c.exchange(send, recv)
}

// A wireWriter writes requests on a wire.
type wireWriter struct {
	wire string
	buf  bytes.Buffer
	tw   token.Writer
	tr   *msgpack.Reader
}

func newWireWriter(wire string) *wireWriter {
	w := &wireWriter{wire: wire}
	if wire == wireJSON {
		w.tw = token.NewJSONWriter(&w.buf)
	} else {
		w.tw = msgpack.NewWriter(&w.buf)
	}
	return w
}

// msgpackMapDoc is the MessagePack head of a map request: an array of two
// and the string "map_doc".
var msgpackMapDoc = []byte("\x92\xa7map_doc")

// mapRequest writes ["map_doc", doc], doc being stored as store.
func (w *wireWriter) mapRequest(out *bufio.Writer, doc []byte, store string) error {
	switch {
	case w.wire == wireJSON && store == wireJSON:
		// The stored text goes through as it is.
		out.WriteString(`["map_doc",`)
		out.Write(doc)
		_, err := out.WriteString("]\n")
		return err
	case w.wire == wireMsgpack && store == wireMsgpack:
		// The stored bytes go through as they are.
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(msgpackMapDoc)+len(doc)))
		out.Write(n[:])
		out.Write(msgpackMapDoc)
		_, err := out.Write(doc)
		return err
	}
	// Another store: transcode the document token by token into the
	// request, as CouchDB encoded its Erlang terms as JSON.
	w.buf.Reset()
	w.tw.WriteToken(token.BeginArray(2))
	w.tw.WriteToken(token.String("map_doc"))
	var r token.Reader
	if store == wireMsgpack {
		if w.tr == nil {
			w.tr = msgpack.NewReaderBytes(doc)
		} else {
			w.tr.ResetBytes(doc)
		}
		r = w.tr
	} else {
		r = token.NewJSONReaderBytes(doc)
	}
	if _, err := token.CopyValue(w.tw, r); err != nil {
		return err
	}
	w.tw.WriteToken(token.EndArray)
	if err := w.tw.Flush(); err != nil {
		return err
	}
	return w.frame(out)
}

// reduceRequest writes ["reduce", [[[key, id], value], ...]].
func (w *wireWriter) reduceRequest(out *bufio.Writer, rows []viewRow) error {
	w.buf.Reset()
	tw := w.tw
	tw.WriteToken(token.BeginArray(2))
	tw.WriteToken(token.String("reduce"))
	tw.WriteToken(token.BeginArray(len(rows)))
	for _, r := range rows {
		tw.WriteToken(token.BeginArray(2))
		tw.WriteToken(token.BeginArray(2))
		tw.WriteToken(token.String(r.Key))
		tw.WriteToken(token.String(r.ID))
		tw.WriteToken(token.EndArray)
		tw.WriteToken(token.Float(r.Value))
		tw.WriteToken(token.EndArray)
	}
	tw.WriteToken(token.EndArray)
	tw.WriteToken(token.EndArray)
	if err := tw.Flush(); err != nil {
		return err
	}
	return w.frame(out)
}

// frame writes the message in buf: a JSON line (the JSON writer ends
// each value with a newline) or a length-prefixed MessagePack frame.
func (w *wireWriter) frame(out *bufio.Writer) error {
	if w.wire == wireMsgpack {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(w.buf.Len()))
		out.Write(n[:])
	}
	_, err := out.Write(w.buf.Bytes())
	return err
}

// maxFrame bounds a message on either wire.
const maxFrame = 64 << 20

// readMsg reads one message of wire from r into buf: a line without its
// newline, or a frame without its length.
func readMsg(r *bufio.Reader, wire string, buf []byte) ([]byte, error) {
	buf = buf[:0]
	if wire == wireMsgpack {
		var n [4]byte
		if _, err := io.ReadFull(r, n[:]); err != nil {
			return buf, err
		}
		size := int(binary.BigEndian.Uint32(n[:]))
		if size > maxFrame {
			return buf, fmt.Errorf("frame of %d bytes", size)
		}
		if cap(buf) < size {
			buf = make([]byte, size)
		}
		buf = buf[:size]
		_, err := io.ReadFull(r, buf)
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return buf, err
	}
	for {
		line, err := r.ReadSlice('\n')
		buf = append(buf, line...)
		switch {
		case err == bufio.ErrBufferFull:
			if len(buf) > maxFrame {
				return buf, fmt.Errorf("line of more than %d bytes", maxFrame)
			}
			continue
		case err == io.EOF && len(buf) > 0:
			return buf, io.ErrUnexpectedEOF
		case err != nil:
			return buf, err
		}
		return buf[:len(buf)-1], nil
	}
}

// viewServerGOGC is the view server's GOGC.
const viewServerGOGC = 800

// viewServerMain is the child process: it answers the requests of its
// standard input on its standard output until the input ends.
func viewServerMain(wire string, in io.Reader, out io.Writer, errOut io.Writer) int {
	if wire != wireJSON && wire != wireMsgpack {
		fmt.Fprintf(errOut, "view server: no wire %q\n", wire)
		return 2
	}
	// The parent's heap holds the datasets, so its collector runs seldom;
	// at the default, this small process would collect every few
	// documents and fault its memory back in each time (costly on a
	// virtual machine), paying for its heap size rather than its wire.
	debug.SetGCPercent(viewServerGOGC)
	f := couchFormatOf(wire)
	w := bufio.NewWriterSize(out, 64<<10)
	// Before each read that may wait for input, send the answers ready:
	// the parent may be waiting for them before it sends more.
	r := bufio.NewReaderSize(flushingReader{in, w}, 64<<10)
	var msg, resp []byte
	var emits [][2]any
	for {
		var err error
		msg, err = readMsg(r, wire, msg)
		if err == io.EOF {
			return 0
		}
		if err == nil {
			resp, err = viewAnswer(f, msg, resp[:0], &emits)
		}
		if err == nil && wire == wireMsgpack {
			var n [4]byte
			binary.BigEndian.PutUint32(n[:], uint32(len(resp)))
			_, err = w.Write(n[:])
		}
		if err == nil {
			_, err = w.Write(resp)
		}
		if err == nil && wire == wireJSON {
			err = w.WriteByte('\n')
		}
		if err != nil {
			w.Flush()
			fmt.Fprintln(errOut, "view server:", err)
			return 1
		}
	}
}

// flushingReader flushes w before each read of r.
type flushingReader struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushingReader) Read(p []byte) (int, error) {
	if err := f.w.Flush(); err != nil {
		return 0, err
	}
	return f.r.Read(p)
}

// viewAnswer decodes one request and appends its encoded response to dst.
func viewAnswer(f couchFormat, msg, dst []byte, emits *[][2]any) ([]byte, error) {
	var req []any
	if err := f.unmarshal(msg, &req); err != nil {
		return dst, err
	}
	if len(req) != 2 {
		return dst, fmt.Errorf("request of %d elements", len(req))
	}
	switch req[0] {
	case "map_doc":
		*emits = (*emits)[:0]
		viewMap(req[1], func(k string, v float64) { *emits = append(*emits, [2]any{k, v}) })
		return f.marshal(dst, *emits)
	case "reduce":
		rows, _ := req[1].([]any)
		p := viewReduce(func(yield func(float64) bool) {
			for _, r := range rows {
				kv, _ := r.([]any)
				if len(kv) != 2 || !yield(toFloat(kv[1])) {
					return
				}
			}
		})
		return f.marshal(dst, [2]float64{p.Sum, float64(p.Count)})
	}
	return dst, fmt.Errorf("unknown request %v", req[0])
}

// capBuffer keeps the first max bytes written to it (a child's standard
// error).
type capBuffer struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (c *capBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// Bytes returns what was kept.
func (c *capBuffer) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.b.Bytes())
}

// couchFormat is a storage and wire format: celer's encoder and decoder.
type couchFormat struct {
	name      string
	marshal   func(dst []byte, v any) ([]byte, error)
	unmarshal func(b []byte, v any) error
}

var couchFormats = map[string]couchFormat{
	wireJSON: {wireJSON,
		func(dst []byte, v any) ([]byte, error) { return celer.AppendMarshal(dst, v) },
		celer.Unmarshal},
	wireMsgpack: {wireMsgpack,
		func(dst []byte, v any) ([]byte, error) { return msgpack.AppendMarshal(dst, v) },
		func(b []byte, v any) error { return msgpack.Unmarshal(b, v) }},
}

func couchFormatOf(name string) couchFormat {
	f, ok := couchFormats[name]
	if !ok {
		panic("bench: no format " + name)
	}
	return f
}
