//go:build simdjsoncpp

// The C++ half of the simdjson anchor (anchor_simdjsoncpp.go): parse with
// a reused simdjson::dom::parser and walk the whole DOM, summarising it as
// contender.AnchorSummary does.
#include <cstring>
#include <simdjson.h>

extern "C" {
typedef struct {
	int64_t nulls, trues, falses, numbers, strings, arrays, objects, members, strbytes;
	uint64_t strsum, numsum;
} celer_anchor_summary;
}

namespace {

uint64_t fnv1a(std::string_view s) {
	uint64_t h = 14695981039346656037ull;
	for (unsigned char c : s) {
		h ^= c;
		h *= 1099511628211ull;
	}
	return h;
}

void str(celer_anchor_summary &s, std::string_view v) {
	s.strings++;
	s.strbytes += v.size();
	s.strsum += fnv1a(v);
}

void num(celer_anchor_summary &s, double d) {
	uint64_t bits;
	std::memcpy(&bits, &d, sizeof bits);
	s.numbers++;
	s.numsum += bits;
}

void visit(celer_anchor_summary &s, simdjson::dom::element e) {
	using simdjson::dom::element_type;
	switch (e.type()) {
	case element_type::ARRAY: {
		s.arrays++;
		// Keep the array by value: value_unsafe() returns a reference
		// into the temporary result, which a range-for would outlive.
		simdjson::dom::array a = e.get_array().value_unsafe();
		for (auto c : a) visit(s, c);
		break;
	}
	case element_type::OBJECT: {
		s.objects++;
		simdjson::dom::object o = e.get_object().value_unsafe();
		for (auto f : o) {
			s.members++;
			str(s, f.key);
			visit(s, f.value);
		}
		break;
	}
	case element_type::STRING:
		str(s, e.get_string().value_unsafe());
		break;
	case element_type::INT64:
		num(s, double(e.get_int64().value_unsafe()));
		break;
	case element_type::UINT64:
		num(s, double(e.get_uint64().value_unsafe()));
		break;
	case element_type::DOUBLE:
		num(s, e.get_double().value_unsafe());
		break;
	case element_type::BOOL:
		if (e.get_bool().value_unsafe()) s.trues++; else s.falses++;
		break;
	case element_type::NULL_VALUE:
		s.nulls++;
		break;
	}
}

}  // namespace

extern "C" {

void *celer_simdjson_new(void) { return new simdjson::dom::parser(); }

void celer_simdjson_free(void *p) { delete static_cast<simdjson::dom::parser *>(p); }

int celer_simdjson_parse_visit(void *p, const char *buf, size_t len, celer_anchor_summary *out) {
	auto &parser = *static_cast<simdjson::dom::parser *>(p);
	simdjson::dom::element root;
	auto err = parser.parse(buf, len, false).get(root);
	if (err) return int(err);
	std::memset(out, 0, sizeof *out);
	visit(*out, root);
	return 0;
}

const char *celer_simdjson_error(int code) {
	return simdjson::error_message(simdjson::error_code(code));
}

}
