package path

import "strconv"

// Filter expressions. The grammar's logical-expr, comparison-expr and
// function-argument overlap (an argument may be a literal, a query, a
// function call or a logical expression), so the methods below first
// build an operand without deciding its role: a bare literal, query or
// function call comes back as exLit, exQuery or exFunc. The caller then
// checks it for the role it plays (asLogical, comparable, argument), which
// is where the type rules of RFC 9535 section 2.4.3 are enforced.

// or parses logical-or-expr.
func (p *parser) or() *expr {
	first := p.and()
	save := p.i
	p.skipS()
	if p.at() != '|' || p.peek(1) != '|' {
		p.i = save
		return first
	}
	e := &expr{kind: exOr, pos: first.pos, args: []*expr{p.asLogical(first)}}
	for {
		p.i += 2
		p.skipS()
		e.args = append(e.args, p.asLogical(p.and()))
		save = p.i
		p.skipS()
		if p.at() != '|' || p.peek(1) != '|' {
			p.i = save
			return e
		}
	}
}

// and parses logical-and-expr.
func (p *parser) and() *expr {
	first := p.basic()
	save := p.i
	p.skipS()
	if p.at() != '&' || p.peek(1) != '&' {
		p.i = save
		return first
	}
	e := &expr{kind: exAnd, pos: first.pos, args: []*expr{p.asLogical(first)}}
	for {
		p.i += 2
		p.skipS()
		e.args = append(e.args, p.asLogical(p.basic()))
		save = p.i
		p.skipS()
		if p.at() != '&' || p.peek(1) != '&' {
			p.i = save
			return e
		}
	}
}

// basic parses basic-expr: paren-expr, comparison-expr or test-expr. A
// test-expr without '!' comes back bare, for the caller to check.
func (p *parser) basic() *expr {
	p.enter()
	defer p.leave()
	pos := p.i
	switch p.at() {
	case '!':
		p.i++
		p.skipS()
		if p.at() == '(' {
			return &expr{kind: exNot, pos: pos, args: []*expr{p.paren()}}
		}
		operand := p.primary()
		if operand.kind == exLit {
			p.fail(operand.pos, "'!' applies to a query, a function call or a parenthesized expression, not to a literal")
		}
		return &expr{kind: exNot, pos: pos, args: []*expr{p.asLogical(operand)}}
	case '(':
		return p.paren()
	}
	left := p.primary()
	save := p.i
	p.skipS()
	op, ok := p.cmpOp()
	if !ok {
		p.i = save
		return left
	}
	p.skipS()
	right := p.primary()
	p.comparable(left)
	p.comparable(right)
	x := &expr{kind: exCmp, op: op, pos: pos, args: []*expr{left, right}}
	// A relative singular query compared with a literal, the most common
	// filter, has a fast path (see evaluator.cmpLiteral).
	switch {
	case left.kind == exQuery && !left.q.abs && right.kind == exLit:
		x.litQ = left.q
	case right.kind == exQuery && !right.q.abs && left.kind == exLit:
		x.litQ, x.swap = right.q, true
	}
	return x
}

// paren parses "(" S logical-expr S ")".
func (p *parser) paren() *expr {
	open := p.i
	p.i++
	p.skipS()
	e := p.asLogical(p.or())
	p.skipS()
	if p.at() != ')' {
		if p.i >= len(p.s) {
			p.fail(p.i, "missing ')' for the '(' at offset %d", open)
		}
		p.fail(p.i, "expected ')', found %s", p.found())
	}
	p.i++
	return e
}

// cmpOp parses comparison-op.
func (p *parser) cmpOp() (cmpOp, bool) {
	c, d := p.at(), p.peek(1)
	switch {
	case c == '=' && d == '=':
		p.i += 2
		return opEq, true
	case c == '!' && d == '=':
		p.i += 2
		return opNe, true
	case c == '<' && d == '=':
		p.i += 2
		return opLe, true
	case c == '>' && d == '=':
		p.i += 2
		return opGe, true
	case c == '<':
		p.i++
		return opLt, true
	case c == '>':
		p.i++
		return opGt, true
	case c == '=':
		p.fail(p.i, "'=' is not an operator: use '==' to compare")
	}
	return 0, false
}

// primary parses a literal, a filter query or a function expression.
func (p *parser) primary() *expr {
	pos := p.i
	switch c := p.at(); {
	case c == '@' || c == '$':
		p.i++
		segs := p.segments()
		if c == '$' {
			p.absolute = true
		}
		q := &subquery{abs: c == '$', segs: segs, singular: singularSegs(segs)}
		return &expr{kind: exQuery, pos: pos, q: q}
	case c == '\'' || c == '"':
		return &expr{kind: exLit, pos: pos, lit: val{k: vStr, str: []byte(p.stringLit())}}
	case c == '-' || isDigit(c):
		return &expr{kind: exLit, pos: pos, lit: val{k: vNum, num: p.number()}}
	case c >= 'a' && c <= 'z':
		for p.i++; p.i < len(p.s); p.i++ {
			c := p.s[p.i]
			if !(c >= 'a' && c <= 'z' || isDigit(c) || c == '_') {
				break
			}
		}
		name := p.s[pos:p.i]
		if p.at() == '(' {
			return p.call(name, pos)
		}
		switch name {
		case "true":
			return &expr{kind: exLit, pos: pos, lit: val{k: vTrue}}
		case "false":
			return &expr{kind: exLit, pos: pos, lit: val{k: vFalse}}
		case "null":
			return &expr{kind: exLit, pos: pos, lit: val{k: vNull}}
		}
		if _, ok := functions[name]; ok {
			p.fail(p.i, "expected '(' right after the function name %s, found %s", name, p.found())
		}
		p.fail(pos, "unexpected name %q: expected a literal, a query starting with '@' or '$', or a function call", name)
	case p.i >= len(p.s):
		p.fail(p.i, "unexpected end of query in a filter expression")
	}
	p.fail(pos, "expected a literal, a query starting with '@' or '$', or a function call, found %s", p.found())
	panic("unreachable")
}

// number parses the number of a literal.
func (p *parser) number() float64 {
	start := p.i
	if p.at() == '-' {
		p.i++
	}
	switch c := p.at(); {
	case c == '0':
		p.i++
		if isDigit(p.at()) {
			p.fail(start, "number with a leading zero")
		}
	case isDigit(c):
		for isDigit(p.at()) {
			p.i++
		}
	default:
		p.fail(p.i, "expected a digit, found %s", p.found())
	}
	if p.at() == '.' {
		p.i++
		if !isDigit(p.at()) {
			p.fail(p.i, "expected a digit after the decimal point, found %s", p.found())
		}
		for isDigit(p.at()) {
			p.i++
		}
	}
	if c := p.at(); c == 'e' || c == 'E' {
		p.i++
		if c := p.at(); c == '+' || c == '-' {
			p.i++
		}
		if !isDigit(p.at()) {
			p.fail(p.i, "expected a digit in the exponent, found %s", p.found())
		}
		for isDigit(p.at()) {
			p.i++
		}
	}
	// A literal beyond the float64 range becomes ±Inf, which still compares
	// correctly with every finite number.
	f, _ := strconv.ParseFloat(p.s[start:p.i], 64)
	return f
}

// call parses function-expr; the cursor is at '('.
func (p *parser) call(name string, pos int) *expr {
	def, ok := functions[name]
	if !ok {
		p.fail(pos, "unknown function %s()", name)
	}
	p.enter()
	defer p.leave()
	open := p.i
	p.i++
	p.skipS()
	var args []*expr
	if p.at() != ')' {
		for {
			args = append(args, p.or())
			p.skipS()
			if p.at() != ',' {
				break
			}
			p.i++
			p.skipS()
		}
	}
	if p.at() != ')' {
		if p.i >= len(p.s) {
			p.fail(p.i, "missing ')' for the '(' at offset %d", open)
		}
		p.fail(p.i, "expected ',' or ')' in the arguments of %s(), found %s", name, p.found())
	}
	p.i++
	if len(args) != len(def.params) {
		p.fail(pos, "%s() takes %d argument%s, found %d", name, len(def.params), plural(len(def.params)), len(args))
	}
	for k, a := range args {
		args[k] = p.argument(def, k, a)
	}
	e := &expr{kind: exFunc, pos: pos, fn: def, args: args}
	if (def.id == fnMatch || def.id == fnSearch) && args[1].kind == exLit {
		if lit := args[1].lit; lit.k != vStr {
			e.reBad = true // not a string: the result is always LogicalFalse
		} else if re, err := compileIRegexp(string(lit.str), def.id == fnMatch); err != nil {
			e.reBad = true
		} else {
			e.re = re
		}
	}
	return e
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// argument checks that a is well-typed for parameter k of def (RFC 9535
// section 2.4.3) and returns it in the form evaluation expects.
func (p *parser) argument(def *funcDef, k int, a *expr) *expr {
	want := def.params[k]
	bad := func(what string) {
		p.fail(a.pos, "argument %d of %s() must be of %s; %s is not", k+1, def.name, want, what)
	}
	switch want {
	case typeValue:
		switch a.kind {
		case exLit:
		case exQuery:
			if !a.q.singular {
				bad("a non-singular query")
			}
		case exFunc:
			if a.fn.result != typeValue {
				bad(a.fn.name + "(), of " + a.fn.result.String() + ",")
			}
		default:
			bad("a logical expression")
		}
	case typeLogical:
		switch a.kind {
		case exLit:
			bad("a literal")
		case exFunc:
			if a.fn.result == typeValue {
				bad(a.fn.name + "(), of ValueType,")
			}
		}
		return p.asLogical(a)
	case typeNodes:
		switch a.kind {
		case exQuery:
		case exFunc:
			if a.fn.result != typeNodes {
				bad(a.fn.name + "(), of " + a.fn.result.String() + ",")
			}
		case exLit:
			bad("a literal")
		default:
			bad("a logical expression")
		}
	}
	return a
}

// asLogical checks that e can stand where a logical expression is expected
// and returns it as one: a query becomes an existence test, a function of
// LogicalType or NodesType a test of its result.
func (p *parser) asLogical(e *expr) *expr {
	switch e.kind {
	case exQuery:
		return &expr{kind: exExists, pos: e.pos, q: e.q}
	case exFunc:
		if e.fn.result == typeValue {
			p.fail(e.pos, "%s() returns ValueType, which cannot be tested: compare it", e.fn.name)
		}
		return &expr{kind: exTest, pos: e.pos, args: []*expr{e}}
	case exLit:
		p.fail(e.pos, "a literal cannot be tested: compare it with something")
	}
	return e
}

// comparable checks that e can be compared: a literal, a singular query or
// a function of ValueType.
func (p *parser) comparable(e *expr) {
	switch e.kind {
	case exLit:
	case exQuery:
		if !e.q.singular {
			p.fail(e.pos, "a non-singular query cannot be compared (use a query of names and indexes only, or value())")
		}
	case exFunc:
		if e.fn.result != typeValue {
			p.fail(e.pos, "%s() returns %s, which cannot be compared", e.fn.name, e.fn.result)
		}
	}
}
