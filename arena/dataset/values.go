package dataset

// The NeoUBJSON payloads: Go values rather than texts, since that
// comparison is about how each format (JSON and the binary ones) writes
// and reads the same data.

// StatusCode is one HTTP status code with its reason phrase.
type StatusCode struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
}

// StatusCodes returns the HTTP status codes and reason phrases (RFC 9110
// and the other registered ones), the "typical JSON payload" of the
// NeoUBJSON message: about 2.3 KB as JSON.
func StatusCodes() []StatusCode {
	return []StatusCode{
		{100, "Continue"}, {101, "Switching Protocols"}, {102, "Processing"}, {103, "Early Hints"},
		{200, "OK"}, {201, "Created"}, {202, "Accepted"}, {203, "Non-Authoritative Information"},
		{204, "No Content"}, {205, "Reset Content"}, {206, "Partial Content"}, {207, "Multi-Status"},
		{208, "Already Reported"}, {226, "IM Used"},
		{300, "Multiple Choices"}, {301, "Moved Permanently"}, {302, "Found"}, {303, "See Other"},
		{304, "Not Modified"}, {305, "Use Proxy"}, {307, "Temporary Redirect"}, {308, "Permanent Redirect"},
		{400, "Bad Request"}, {401, "Unauthorized"}, {402, "Payment Required"}, {403, "Forbidden"},
		{404, "Not Found"}, {405, "Method Not Allowed"}, {406, "Not Acceptable"},
		{407, "Proxy Authentication Required"}, {408, "Request Timeout"}, {409, "Conflict"}, {410, "Gone"},
		{411, "Length Required"}, {412, "Precondition Failed"}, {413, "Content Too Large"},
		{414, "URI Too Long"}, {415, "Unsupported Media Type"}, {416, "Range Not Satisfiable"},
		{417, "Expectation Failed"}, {418, "I'm a teapot"}, {421, "Misdirected Request"},
		{422, "Unprocessable Content"}, {423, "Locked"}, {424, "Failed Dependency"}, {425, "Too Early"},
		{426, "Upgrade Required"}, {428, "Precondition Required"}, {429, "Too Many Requests"},
		{431, "Request Header Fields Too Large"}, {451, "Unavailable For Legal Reasons"},
		{500, "Internal Server Error"}, {501, "Not Implemented"}, {502, "Bad Gateway"},
		{503, "Service Unavailable"}, {504, "Gateway Timeout"}, {505, "HTTP Version Not Supported"},
		{506, "Variant Also Negotiates"}, {507, "Insufficient Storage"}, {508, "Loop Detected"},
		{510, "Not Extended"}, {511, "Network Authentication Required"},
	}
}

// Ints returns 1, 2, ..., n: the "1K integer array" with n = 1024.
func Ints(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Bytes returns n pseudo-random bytes: the "1K byte array" with n = 1024.
// Go's JSON libraries write a []byte as a base64 string.
func Bytes(n int, seed uint64) []byte {
	r := rng(seed)
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(r.next())
	}
	return out
}
