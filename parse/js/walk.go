package js

import (
	"reflect"
	"sync"

	"github.com/dop251/goja/ast"
)

// Walk calls fn for n and every node below it in source order, depth
// first. fn returns false to skip a node's children. The second argument
// is the chain of ancestors, outermost first (not to be retained).
func Walk(n ast.Node, fn func(n ast.Node, parents []ast.Node) bool) {
	w := walker{fn: fn}
	w.visit(n)
}

// walkReflect is the reflection-only walk, kept to check the typed walk
// against (see TestTypedWalkMatchesReflection).
func walkReflect(n ast.Node, fn func(n ast.Node, parents []ast.Node) bool) {
	w := walker{fn: fn, reflectOnly: true}
	w.node(reflect.ValueOf(n))
}

type walker struct {
	fn          func(ast.Node, []ast.Node) bool
	parents     []ast.Node
	reflectOnly bool
}

var (
	nodeType  = reflect.TypeOf((*ast.Node)(nil)).Elem()
	fieldMemo sync.Map // reflect.Type -> []int
)

// childFields lists the fields of struct type t that can hold nodes.
func childFields(t reflect.Type) []int {
	if f, ok := fieldMemo.Load(t); ok {
		return f.([]int)
	}
	var f []int
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.Name == "DeclarationList" {
			continue // hoisting index: the same bindings appear in the body
		}
		if mayHoldNode(sf.Type) {
			f = append(f, i)
		}
	}
	fieldMemo.Store(t, f)
	return f
}

func mayHoldNode(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		return t.Implements(nodeType) || nodeType.Implements(t) && t.NumMethod() > 0
	case reflect.Pointer:
		return t.Implements(nodeType)
	case reflect.Slice:
		return mayHoldNode(t.Elem())
	case reflect.Struct:
		return reflect.PointerTo(t).Implements(nodeType)
	}
	return false
}

func (w *walker) node(v reflect.Value) {
	for v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		if !v.CanAddr() {
			return
		}
		v = v.Addr()
	}
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	n, ok := v.Interface().(ast.Node)
	if !ok {
		return
	}
	if !w.fn(n, w.parents) {
		return
	}
	w.parents = append(w.parents, n)
	if w.reflectOnly || !w.typedChildren(n) {
		w.children(v.Elem())
	}
	w.parents = w.parents[:len(w.parents)-1]
}

func (w *walker) children(s reflect.Value) {
	if s.Kind() != reflect.Struct {
		return
	}
	for _, i := range childFields(s.Type()) {
		f := s.Field(i)
		if f.Kind() == reflect.Slice {
			for j := 0; j < f.Len(); j++ {
				w.node(f.Index(j))
			}
			continue
		}
		if f.Kind() == reflect.Struct {
			// embedded or value struct such as DotExpression.Identifier
			w.node(f)
			continue
		}
		w.node(f)
	}
}
