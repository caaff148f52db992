package stream

import "io"

// A Handler receives the events of Decoder.Walk, SAX style. Tokens are
// views valid only during the call. Returning an error stops the walk and
// Walk returns that error.
type Handler interface {
	BeginObject() error
	EndObject() error
	BeginArray() error
	EndArray() error
	// Name receives an object member name (a string token).
	Name(t Token) error
	// Value receives a string, number, true, false or null.
	Value(t Token) error
}

// Walk reads every remaining token and passes it to h, up to the end of
// input. It allocates nothing per token: the cheapest way to visit a
// document without building anything.
func (d *Decoder) Walk(h Handler) error {
	for {
		t, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		switch t.kd() {
		case KindBeginObject:
			err = h.BeginObject()
		case KindEndObject:
			err = h.EndObject()
		case KindBeginArray:
			err = h.BeginArray()
		case KindEndArray:
			err = h.EndArray()
		default:
			if t.IsName() {
				err = h.Name(t)
			} else {
				err = h.Value(t)
			}
		}
		if err != nil {
			return err
		}
	}
}
