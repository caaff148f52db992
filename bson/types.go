package bson

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"sync/atomic"
	"time"
)

// Element types of BSON 1.1 (the byte before each element's key).
const (
	TypeDouble        byte = 0x01
	TypeString        byte = 0x02
	TypeDocument      byte = 0x03
	TypeArray         byte = 0x04
	TypeBinary        byte = 0x05
	TypeUndefined     byte = 0x06 // deprecated
	TypeObjectID      byte = 0x07
	TypeBoolean       byte = 0x08
	TypeDateTime      byte = 0x09
	TypeNull          byte = 0x0A
	TypeRegex         byte = 0x0B
	TypeDBPointer     byte = 0x0C // deprecated
	TypeJavaScript    byte = 0x0D
	TypeSymbol        byte = 0x0E // deprecated
	TypeCodeWithScope byte = 0x0F // deprecated
	TypeInt32         byte = 0x10
	TypeTimestamp     byte = 0x11
	TypeInt64         byte = 0x12
	TypeDecimal128    byte = 0x13
	TypeMinKey        byte = 0xFF
	TypeMaxKey        byte = 0x7F
)

// Binary subtypes of BSON 1.1.
const (
	SubtypeGeneric   byte = 0x00
	SubtypeFunction  byte = 0x01
	SubtypeBinaryOld byte = 0x02 // deprecated: the data is an int32 length and the bytes
	SubtypeUUIDOld   byte = 0x03 // deprecated
	SubtypeUUID      byte = 0x04
	SubtypeMD5       byte = 0x05
	SubtypeEncrypted byte = 0x06
	SubtypeColumn    byte = 0x07
	SubtypeSensitive byte = 0x08
	SubtypeVector    byte = 0x09
	SubtypeUser      byte = 0x80 // 0x80 to 0xFF are user-defined
)

// An ObjectID is a BSON ObjectId (element type 0x07): 12 bytes, by
// convention a 4-byte big-endian timestamp in seconds, 5 random bytes
// unique to a process and a 3-byte big-endian counter.
type ObjectID [12]byte

var (
	oidProcess [5]byte
	oidCounter atomic.Uint32
)

func init() {
	var b [8]byte
	rand.Read(b[:])
	copy(oidProcess[:], b[:5])
	oidCounter.Store(uint32(b[5])<<16 | uint32(b[6])<<8 | uint32(b[7]))
}

// NewObjectID returns a new ObjectID for the current time, unique to this
// process (its random 5 bytes are drawn once) and counter.
func NewObjectID() ObjectID {
	return NewObjectIDAt(time.Now())
}

// NewObjectIDAt is NewObjectID for time t (seconds since the Unix epoch,
// truncated to 32 bits).
func NewObjectIDAt(t time.Time) ObjectID {
	var id ObjectID
	binary.BigEndian.PutUint32(id[:4], uint32(t.Unix()))
	copy(id[4:9], oidProcess[:])
	c := oidCounter.Add(1)
	id[9], id[10], id[11] = byte(c>>16), byte(c>>8), byte(c)
	return id
}

// ObjectIDFromHex parses 24 hexadecimal digits (either case).
func ObjectIDFromHex(s string) (ObjectID, error) {
	var id ObjectID
	if len(s) != 24 {
		return id, errors.New("bson: ObjectID hex " + quoteShort(s) + " is not 24 digits long")
	}
	if _, err := hex.Decode(id[:], []byte(s)); err != nil {
		return id, errors.New("bson: ObjectID hex " + quoteShort(s) + " has a non-hexadecimal digit")
	}
	return id, nil
}

// Hex returns the 24 lower-case hexadecimal digits of id.
func (id ObjectID) Hex() string { return hex.EncodeToString(id[:]) }

// String returns id.Hex().
func (id ObjectID) String() string { return id.Hex() }

// Timestamp returns the time in the first 4 bytes of id (UTC, seconds).
func (id ObjectID) Timestamp() time.Time {
	return time.Unix(int64(binary.BigEndian.Uint32(id[:4])), 0).UTC()
}

// IsZero reports whether id is all zeros.
func (id ObjectID) IsZero() bool { return id == ObjectID{} }

// MarshalText returns the hex digits of id, so that encoding/json and
// other text formats write ObjectIDs as hex strings.
func (id ObjectID) MarshalText() ([]byte, error) { return []byte(id.Hex()), nil }

// UnmarshalText parses hex digits (see ObjectIDFromHex).
func (id *ObjectID) UnmarshalText(b []byte) error {
	v, err := ObjectIDFromHex(string(b))
	if err != nil {
		return err
	}
	*id = v
	return nil
}

// DateTime is a BSON UTC datetime (element type 0x09): milliseconds since
// the Unix epoch. Marshal writes time.Time as a datetime too; DateTime
// covers the whole int64 range, which time.Time also does.
type DateTime int64

// NewDateTime returns the datetime of t, truncated to the millisecond.
func NewDateTime(t time.Time) DateTime { return DateTime(t.UnixMilli()) }

// Time returns d as a time.Time in UTC.
func (d DateTime) Time() time.Time { return time.UnixMilli(int64(d)).UTC() }

// Timestamp is a BSON timestamp (element type 0x11), MongoDB's internal
// replication clock: T, seconds since the Unix epoch, and I, an ordinal
// within the second. BSON stores I in the low and T in the high 32 bits.
type Timestamp struct {
	T uint32
	I uint32
}

// Regex is a BSON regular expression (element type 0x0B). Neither string
// may contain a NUL byte; Options are single letters, which Marshal sorts
// (BSON requires alphabetical order).
type Regex struct {
	Pattern string
	Options string
}

// Binary is BSON binary data (element type 0x05) of any subtype. Marshal
// writes []byte as subtype 0 itself. For the deprecated subtype 2, Data
// is the bytes after the inner int32 length, which Marshal adds.
type Binary struct {
	Subtype byte
	Data    []byte
}

// JavaScript is BSON JavaScript code (element type 0x0D).
type JavaScript string

// Symbol is a BSON symbol (element type 0x0E, deprecated).
type Symbol string

// CodeWithScope is BSON JavaScript code with scope (element type 0x0F,
// deprecated). Scope is a document: a struct, a map with string keys, D,
// Raw, or a pointer to one; nil writes an empty document. Unmarshal
// gives the scope as D.
type CodeWithScope struct {
	Code  string
	Scope any
}

// DBPointer is a BSON DBPointer (element type 0x0C, deprecated): a
// namespace and an ObjectID.
type DBPointer struct {
	Namespace string
	ID        ObjectID
}

// MinKey is the BSON min key (element type 0xFF), which compares lower
// than every other value.
type MinKey struct{}

// MaxKey is the BSON max key (element type 0x7F), which compares higher
// than every other value.
type MaxKey struct{}

// Undefined is the BSON undefined value (element type 0x06, deprecated).
type Undefined struct{}

// D is an ordered document: Marshal writes its elements in order, and
// Unmarshal into a D keeps the order of the input (decoding values as
// for an empty interface, with embedded documents as D).
type D []E

// E is one element of a D.
type E struct {
	Key   string
	Value any
}

// Raw is one encoded BSON document. Marshal copies it (after checking
// it) and Unmarshal stores a copy of an embedded document in it.
type Raw []byte

func quoteShort(s string) string {
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return "\"" + s + "\""
}
