package dom_test

import (
	"fmt"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

func ExampleParse() {
	data := []byte(`{"user": {"name": "Ana", "langs": ["go", "c"]}, "active": true}`)
	doc, err := dom.Parse(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	root := doc.Root()
	name, _ := root.Get("user").Get("name").Text()
	fmt.Println(name, root.Get("user").Get("langs").Len())
	fmt.Println(root.Get("missing").Kind())
	// Output:
	// Ana 2
	// invalid
}

func ExampleParse_error() {
	_, err := dom.Parse([]byte("{\n  \"a\": [1, 2,]\n}"))
	fmt.Println(err)
	// Output:
	// celer: invalid character ']' looking for beginning of value at line 2, column 14 (offset 15) within "/a/2": near …" \"a\": [1, 2,]\n}"
}

func ExampleValue_Lookup() {
	doc, _ := dom.Parse([]byte(`{"items": [{"id": 7, "price": 9.95}, {"id": 8, "price": 12}]}`))
	v := doc.Root().Lookup("items", "1", "price")
	price, _ := v.Float64()
	id, _ := doc.Root().Lookup("items", "0", "id").Int64()
	fmt.Println(price, id, doc.Root().Lookup("items", "2", "id").Exists())
	// Output: 12 7 false
}

func ExampleValue_All() {
	doc, _ := dom.Parse([]byte(`{"b": 1, "a": [true, null], "c": "x\ty"}`))
	for name, v := range doc.Root().All() {
		fmt.Printf("%s: %s %s\n", name, v.Kind(), v.Raw())
	}
	// Output:
	// b: number 1
	// a: array [true, null]
	// c: string "x\ty"
}

func ExampleValue_AppendIndent() {
	doc, _ := dom.Parse([]byte(` {"a": [1, 2.50], "b": {}} `))
	fmt.Println(string(doc.Root().AppendJSON(nil)))
	fmt.Println(string(doc.Root().AppendIndent(nil, "", "  ")))
	// Output:
	// {"a":[1,2.50],"b":{}}
	// {
	//   "a": [
	//     1,
	//     2.50
	//   ],
	//   "b": {}
	// }
}

func ExampleParser() {
	var p dom.Parser // reused: steady-state parsing does not allocate
	for _, line := range []string{`{"n": 1}`, `{"n": 2}`} {
		doc, err := p.Parse([]byte(line))
		if err != nil {
			fmt.Println(err)
			return
		}
		n, _ := doc.Root().Get("n").Int64()
		fmt.Println(n)
	}
	// Output:
	// 1
	// 2
}

func ExampleParse_options() {
	_, err := dom.Parse([]byte(`{"a": 1, "a": 2}`), stream.RejectDuplicateNames(true))
	fmt.Println(err)
	// Output: celer: duplicate object member name "a" at line 1, column 10 (offset 9) within "/a": near "{\"a\": 1, \"a\": 2}"
}

func ExampleNode() {
	doc, _ := dom.Parse([]byte(`{"name": "celer", "tags": ["json"], "old": true}`))
	n := dom.FromValue(doc.Root()) // an editable copy
	n.Set("name", dom.NewString("celer/dom"))
	n.Get("tags").Append(dom.NewString("dom"))
	n.Delete("old")
	n.SetAt([]string{"meta", "version"}, dom.NewInt(2), true)
	fmt.Println(string(n.AppendJSON(nil)))
	// Output: {"name":"celer/dom","tags":["json","dom"],"meta":{"version":2}}
}

func ExampleNewObject() {
	o := dom.NewObject().
		Set("id", dom.NewInt(1)).
		Set("ratio", dom.NewFloat(0.25)).
		Set("list", dom.NewArray().Append(dom.NewBool(true), dom.NewNull()))
	if err := o.Get("list").Insert(0, dom.NewString("first")); err != nil {
		fmt.Println(err)
	}
	fmt.Println(string(o.AppendIndent(nil, "", "  ")))
	// Output:
	// {
	//   "id": 1,
	//   "ratio": 0.25,
	//   "list": [
	//     "first",
	//     true,
	//     null
	//   ]
	// }
}

func ExampleValue_GetName() {
	doc, err := dom.Parse([]byte(`[{"id": 1, "tags": ["a"], "score": 7}, {"id": 2, "score": 9}, {"id": 3}]`))
	if err != nil {
		fmt.Println(err)
		return
	}
	score := dom.MakeName("score") // prepared once, looked up in every element
	for v := range doc.Root().Elements() {
		fmt.Println(v.GetName(&score))
	}
	// Output:
	// 7
	// 9
	// <invalid>
}
