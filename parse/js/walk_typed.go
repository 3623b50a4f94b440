package js

import (
	"reflect"

	"github.com/dop251/goja/ast"
)

// typedChildren visits the children of the node types goja produces, in
// field order, without reflection. It returns false for a type it does
// not know, which the caller then walks by reflection.
func (w *walker) typedChildren(n ast.Node) bool {
	e := func(x ast.Expression) {
		if x != nil {
			w.visit(x)
		}
	}
	s := func(x ast.Statement) {
		if x != nil {
			w.visit(x)
		}
	}
	switch x := n.(type) {
	case *ast.Program:
		for _, st := range x.Body {
			s(st)
		}
	case *ast.Identifier, *ast.BadExpression, *ast.BooleanLiteral, *ast.NullLiteral, *ast.NumberLiteral,
		*ast.RegExpLiteral, *ast.StringLiteral, *ast.TemplateElement, *ast.ThisExpression, *ast.SuperExpression,
		*ast.BadStatement, *ast.DebuggerStatement, *ast.EmptyStatement:
	case *ast.YieldExpression:
		e(x.Argument)
	case *ast.AwaitExpression:
		e(x.Argument)
	case *ast.ArrayLiteral:
		for _, v := range x.Value {
			e(v)
		}
	case *ast.ArrayPattern:
		for _, v := range x.Elements {
			e(v)
		}
		e(x.Rest)
	case *ast.AssignExpression:
		e(x.Left)
		e(x.Right)
	case *ast.BinaryExpression:
		e(x.Left)
		e(x.Right)
	case *ast.BracketExpression:
		e(x.Left)
		e(x.Member)
	case *ast.CallExpression:
		e(x.Callee)
		for _, a := range x.ArgumentList {
			e(a)
		}
	case *ast.ConditionalExpression:
		e(x.Test)
		e(x.Consequent)
		e(x.Alternate)
	case *ast.DotExpression:
		e(x.Left)
		w.visit(&x.Identifier)
	case *ast.PrivateDotExpression:
		e(x.Left)
		w.visit(&x.Identifier)
	case *ast.PrivateIdentifier:
		w.visit(&x.Identifier)
	case *ast.OptionalChain:
		e(x.Expression)
	case *ast.Optional:
		e(x.Expression)
	case *ast.FunctionLiteral:
		if x.Name != nil {
			w.visit(x.Name)
		}
		if x.ParameterList != nil {
			w.visit(x.ParameterList)
		}
		if x.Body != nil {
			w.visit(x.Body)
		}
	case *ast.ClassLiteral:
		if x.Name != nil {
			w.visit(x.Name)
		}
		e(x.SuperClass)
		for _, el := range x.Body {
			if el != nil {
				w.visit(el)
			}
		}
	case *ast.ExpressionBody:
		e(x.Expression)
	case *ast.ArrowFunctionLiteral:
		if x.ParameterList != nil {
			w.visit(x.ParameterList)
		}
		if x.Body != nil {
			w.visit(x.Body)
		}
	case *ast.NewExpression:
		e(x.Callee)
		for _, a := range x.ArgumentList {
			e(a)
		}
	case *ast.ObjectLiteral:
		for _, p := range x.Value {
			if p != nil {
				w.visit(p)
			}
		}
	case *ast.ObjectPattern:
		for _, p := range x.Properties {
			if p != nil {
				w.visit(p)
			}
		}
		e(x.Rest)
	case *ast.ParameterList:
		for _, b := range x.List {
			if b != nil {
				w.visit(b)
			}
		}
		e(x.Rest)
	case *ast.PropertyShort:
		w.visit(&x.Name)
		e(x.Initializer)
	case *ast.PropertyKeyed:
		e(x.Key)
		e(x.Value)
	case *ast.SpreadElement:
		e(x.Expression)
	case *ast.SequenceExpression:
		for _, v := range x.Sequence {
			e(v)
		}
	case *ast.TemplateLiteral:
		e(x.Tag)
		for _, el := range x.Elements {
			if el != nil {
				w.visit(el)
			}
		}
		for _, v := range x.Expressions {
			e(v)
		}
	case *ast.UnaryExpression:
		e(x.Operand)
	case *ast.MetaProperty:
		if x.Meta != nil {
			w.visit(x.Meta)
		}
		if x.Property != nil {
			w.visit(x.Property)
		}
	case *ast.Binding:
		if x.Target != nil {
			w.visit(x.Target)
		}
		e(x.Initializer)
	case *ast.BlockStatement:
		for _, st := range x.List {
			s(st)
		}
	case *ast.BranchStatement:
		if x.Label != nil {
			w.visit(x.Label)
		}
	case *ast.CaseStatement:
		e(x.Test)
		for _, st := range x.Consequent {
			s(st)
		}
	case *ast.CatchStatement:
		if x.Parameter != nil {
			w.visit(x.Parameter)
		}
		if x.Body != nil {
			w.visit(x.Body)
		}
	case *ast.DoWhileStatement:
		e(x.Test)
		s(x.Body)
	case *ast.ExpressionStatement:
		e(x.Expression)
	case *ast.ForInStatement:
		if x.Into != nil {
			w.visit(x.Into)
		}
		e(x.Source)
		s(x.Body)
	case *ast.ForOfStatement:
		if x.Into != nil {
			w.visit(x.Into)
		}
		e(x.Source)
		s(x.Body)
	case *ast.ForStatement:
		if x.Initializer != nil {
			w.visit(x.Initializer)
		}
		e(x.Update)
		e(x.Test)
		s(x.Body)
	case *ast.IfStatement:
		e(x.Test)
		s(x.Consequent)
		s(x.Alternate)
	case *ast.LabelledStatement:
		if x.Label != nil {
			w.visit(x.Label)
		}
		s(x.Statement)
	case *ast.ReturnStatement:
		e(x.Argument)
	case *ast.SwitchStatement:
		e(x.Discriminant)
		for _, c := range x.Body {
			if c != nil {
				w.visit(c)
			}
		}
	case *ast.ThrowStatement:
		e(x.Argument)
	case *ast.TryStatement:
		if x.Body != nil {
			w.visit(x.Body)
		}
		if x.Catch != nil {
			w.visit(x.Catch)
		}
		if x.Finally != nil {
			w.visit(x.Finally)
		}
	case *ast.VariableStatement:
		for _, b := range x.List {
			if b != nil {
				w.visit(b)
			}
		}
	case *ast.LexicalDeclaration:
		for _, b := range x.List {
			if b != nil {
				w.visit(b)
			}
		}
	case *ast.WhileStatement:
		e(x.Test)
		s(x.Body)
	case *ast.WithStatement:
		e(x.Object)
		s(x.Body)
	case *ast.FunctionDeclaration:
		if x.Function != nil {
			w.visit(x.Function)
		}
	case *ast.ClassDeclaration:
		if x.Class != nil {
			w.visit(x.Class)
		}
	case *ast.FieldDefinition:
		e(x.Key)
		e(x.Initializer)
	case *ast.MethodDefinition:
		e(x.Key)
		if x.Body != nil {
			w.visit(x.Body)
		}
	case *ast.ClassStaticBlock:
		if x.Block != nil {
			w.visit(x.Block)
		}
	case *ast.ForLoopInitializerExpression:
		e(x.Expression)
	case *ast.ForLoopInitializerVarDeclList:
		for _, b := range x.List {
			if b != nil {
				w.visit(b)
			}
		}
	case *ast.ForLoopInitializerLexicalDecl:
		w.visit(&x.LexicalDeclaration)
	case *ast.ForIntoVar:
		if x.Binding != nil {
			w.visit(x.Binding)
		}
	case *ast.ForDeclaration:
		if x.Target != nil {
			w.visit(x.Target)
		}
	case *ast.ForIntoExpression:
		e(x.Expression)
	default:
		return false
	}
	return true
}

// visit calls the callback on n and walks below it; typed nil pointers
// inside interfaces are skipped.
func (w *walker) visit(n ast.Node) {
	if n == nil {
		return
	}
	if v := reflect.ValueOf(n); v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	if !w.fn(n, w.parents) {
		return
	}
	w.parents = append(w.parents, n)
	if !w.typedChildren(n) {
		w.children(reflect.ValueOf(n).Elem())
	}
	w.parents = w.parents[:len(w.parents)-1]
}
