package bench

import "errors"

// errInvalid reports a valid input that a contender rejected while timed.
var errInvalid = errors.New("rejected a valid input")

// Scenarios returns every scenario in report order.
func Scenarios() []*Scenario {
	var list []*Scenario
	list = append(list, syntaxScenarios()...)
	list = append(list, mormotScenarios()...)
	list = append(list, groovyScenarios()...)
	list = append(list, jacksonScenarios()...)
	list = append(list, neoScenarios()...)
	list = append(list, couchScenarios()...)
	list = append(list, jsonbenchScenarios()...)
	return list
}

// moreOf returns the extra contenders of e (tests add deliberately broken
// ones) that implement T.
func moreOf[T any](e *Env) []T {
	var out []T
	for _, m := range e.More {
		if t, ok := m.(T); ok {
			out = append(out, t)
		}
	}
	return out
}
