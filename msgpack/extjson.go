package msgpack

import (
	"encoding/base64"

	"github.com/celerjson/celer/token"
)

// ExtKey is the member name of the JSON convention for MessagePack
// extensions (other than timestamps, which become dates): an extension of
// type T with data D is the object
//
//	{"$msgpackExt": {"type": T, "data": "<D in base64>"}}
//
// with T an integer from -128 to 127 and D in standard base64 with
// padding (RFC 4648 section 4). WrapWriter writes it, UnwrapReader reads
// it back.
const ExtKey = "$msgpackExt"

// WrapWriter returns a Writer that writes every token to w, except
// MessagePack extensions (Ext tokens of FamilyMsgpack), which it writes
// as the objects of the ExtKey convention, so that a JSON Writer (or one
// of another format with no such extensions) can hold them.
func WrapWriter(w token.Writer) token.Writer { return &extWrapper{w: w} }

type extWrapper struct {
	w   token.Writer
	buf []byte
}

func (x *extWrapper) Flush() error { return x.w.Flush() }

func (x *extWrapper) WriteToken(t token.Token) error {
	if t.Kind() != token.KindExt || t.Family() != token.FamilyMsgpack {
		return x.w.WriteToken(t)
	}
	data := t.Data()
	x.buf = base64.StdEncoding.AppendEncode(x.buf[:0], data)
	for _, u := range [...]token.Token{
		token.BeginObject(1), token.String(ExtKey),
		token.BeginObject(2),
		token.String("type"), token.Int(int64(int8(t.ExtType()))),
		token.String("data"), token.StringBytes(x.buf).WithValidUTF8(),
		token.EndObject, token.EndObject,
	} {
		if err := x.w.WriteToken(u); err != nil {
			return err
		}
	}
	return nil
}

// UnwrapReader returns a Reader that reads the tokens of r, except the
// objects of the ExtKey convention, which it returns as the Ext tokens of
// FamilyMsgpack they stand for (for a msgpack Writer, which writes them
// as extensions). An object is taken only when it has exactly that form:
// one member ExtKey, whose value is an object of the two members "type"
// (an integer from -128 to 127, not -1: timestamps come as dates) and
// "data" (canonical base64 with padding), in either order. Any other
// object, one with a near miss included, is read as it is.
func UnwrapReader(r token.Reader) token.Reader { return &extUnwrapper{r: r} }

type extUnwrapper struct {
	r     token.Reader
	queue []token.Token // tokens read ahead, to give before reading on
	head  int
	text  []byte // the data text read ahead (queued tokens refer to it)
	data  []byte // the decoded payload of the last extension
}

func (x *extUnwrapper) ReadToken() (token.Token, error) {
	if x.head < len(x.queue) {
		t := x.queue[x.head]
		x.head++
		return t, nil
	}
	x.queue, x.head = x.queue[:0], 0
	t, err := x.r.ReadToken()
	if err != nil || t.Kind() != token.KindBeginObject || t.Len() > 1 {
		return t, err
	}
	ext, ok, err := x.match(t)
	if err != nil || ok {
		return ext, err
	}
	x.head = 1
	return x.queue[0], nil
}

// match reads ahead after the BeginObject t, queueing what it reads (t
// first), and reports the Ext token when the object has the convention's
// form. Only the last token queued may be a view into r's buffer: the
// others are constants or copied.
func (x *extUnwrapper) match(t token.Token) (token.Token, bool, error) {
	x.queue = append(x.queue, t)
	next := func() (token.Token, error) {
		u, err := x.r.ReadToken()
		if err == nil {
			x.queue = append(x.queue, u)
		}
		return u, err
	}
	k, err := next()
	if err != nil || k.Kind() != token.KindString || string(k.Data()) != ExtKey {
		return token.Token{}, false, err
	}
	x.queue[len(x.queue)-1] = token.String(ExtKey).WithValidUTF8()
	if b, err := next(); err != nil || b.Kind() != token.KindBeginObject || b.Len() > 2 {
		return token.Token{}, false, err
	}
	typ, haveType, haveData := int64(0), false, false
	for range 2 {
		k, err := next()
		if err != nil || k.Kind() != token.KindString {
			return token.Token{}, false, err
		}
		switch string(k.Data()) {
		case "type":
			if haveType {
				return token.Token{}, false, nil
			}
			x.queue[len(x.queue)-1] = token.String("type").WithValidUTF8()
			v, err := next()
			if err != nil || v.Kind() != token.KindInt || v.Int() < -128 || v.Int() > 127 || v.Int() == timestampType {
				return token.Token{}, false, err
			}
			x.queue[len(x.queue)-1] = token.Int(v.Int())
			typ, haveType = v.Int(), true
		case "data":
			if haveData {
				return token.Token{}, false, nil
			}
			x.queue[len(x.queue)-1] = token.String("data").WithValidUTF8()
			v, err := next()
			if err != nil || v.Kind() != token.KindString {
				return token.Token{}, false, err
			}
			x.text = append(x.text[:0], v.Data()...)
			x.queue[len(x.queue)-1] = token.StringBytes(x.text)
			if v.ValidUTF8() {
				x.queue[len(x.queue)-1] = token.StringBytes(x.text).WithValidUTF8()
			}
			d, err := base64.StdEncoding.Strict().AppendDecode(x.data[:0], x.text)
			if err != nil || base64.StdEncoding.EncodedLen(len(d)) != len(x.text) {
				return token.Token{}, false, nil
			}
			x.data, haveData = d, true
		default:
			return token.Token{}, false, nil
		}
	}
	for range 2 {
		if e, err := next(); err != nil || e.Kind() != token.KindEndObject {
			return token.Token{}, false, err
		}
	}
	x.queue = x.queue[:0]
	return token.Ext(token.FamilyMsgpack, uint64(typ), x.data), true, nil
}
