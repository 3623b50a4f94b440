package js

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dop251/goja/ast"
)

// TestTypedWalkMatchesReflection checks that the typed walk visits the
// same nodes, in the same order and with the same ancestors, as the
// reflection walk over every field that can hold a node.
func TestTypedWalkMatchesReflection(t *testing.T) {
	var srcs []struct {
		name string
		src  []byte
	}
	files, _ := filepath.Glob("../../testdata/rules/SV*/*/scripts/*")
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			srcs = append(srcs, struct {
				name string
				src  []byte
			}{f, b})
		}
	}
	srcs = append(srcs, corpus()...)
	srcs = append(srcs, struct {
		name string
		src  []byte
	}{"all.js", []byte(`
label: for (var i = 0, j; i < 3; i++) { if (i) continue label; else break label; }
for (const [a, {b, c: [d]}] of x) {} for (k in o) {} for (let {q = 1} of y) ;
do { debugger; } while (0); while (1) { with (o) {} }
switch (v) { case 1: case 2: f(); default: g(); }
try { throw new Error() } catch ({message}) {} finally {}
class A extends B { #p = 1; static s; static { this.s = 2; } get x() { return this.#p } m(...r) { return super.m?.(...r) } }
const o2 = { a, b: 1, [c]: 2, ...d, get e() { return 1 }, set e(v) {}, m() {} };
const f = async function* g(a = 1, { b } = {}, ...c) { yield* a; await b; };
const h = (a, [b]) => ({ a, b }); function nt() { return new.target; } tag` + "`a${1}b`" + `; x?.y?.[z]?.(w);
a ||= b; a &&= c; a ??= d; -a; !b; typeof c; void 0; delete o.p; a++; --b; /re/g;
`)})
	for _, s := range srcs {
		p, err := Parse(s.name, s.src)
		if err != nil {
			if s.name == "all.js" {
				t.Fatal(err)
			}
			continue
		}
		var a, b []string
		rec := func(out *[]string) func(ast.Node, []ast.Node) bool {
			return func(n ast.Node, parents []ast.Node) bool {
				par := "-"
				if len(parents) > 0 {
					par = fmt.Sprintf("%p", parents[len(parents)-1])
				}
				*out = append(*out, fmt.Sprintf("%T %p %s %d", n, n, par, len(parents)))
				return true
			}
		}
		Walk(p.AST, rec(&a))
		walkReflect(p.AST, rec(&b))
		if len(a) != len(b) {
			t.Errorf("%s: typed walk saw %d nodes, reflection %d", s.name, len(a), len(b))
			continue
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("%s: node %d: typed %s, reflection %s", s.name, i, a[i], b[i])
				break
			}
		}
		// the binding index's node list is the same walk
		var walked []ast.Node
		Walk(p.AST, func(n ast.Node, _ []ast.Node) bool { walked = append(walked, n); return true })
		nodes := p.Info().Nodes()
		if len(nodes) != len(walked) {
			t.Errorf("%s: Info.Nodes has %d nodes, Walk visits %d", s.name, len(nodes), len(walked))
			continue
		}
		for i := range nodes {
			if nodes[i] != walked[i] {
				t.Errorf("%s: Info.Nodes[%d] is %T, Walk's node %d is %T", s.name, i, nodes[i], i, walked[i])
				break
			}
		}
	}
}
