package js

import (
	"sort"
	"strings"
	"sync"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
)

// Def is one definition of a name: a declaration with its initializer, an
// assignment, a parameter or a function declaration. Path is the property
// path inside a destructuring pattern ("exec" for const {exec} = x).
type Def struct {
	Name  string
	Init  ast.Expression // nil for parameters and uninitialised declarations
	Path  []string
	Param bool // value unknown (parameter, loop variable, catch binding)
	// Compound is set for x += y and similar: Init is y, and the value is
	// not a constant.
	Compound bool
	// From is where a parameter's value comes from when known: the call a
	// callback is passed to, or the object a for-in/for-of loop walks.
	From ast.Expression
	Node ast.Node
}

// scope is a function's (or the program's) set of definitions. Blocks do
// not open scopes here: let/const are treated like var, which
// over-approximates a little inside one function.
type scope struct {
	start, end int // goja indexes of the function
	parent     *scope
	defs       map[string][]*Def
}

type index struct {
	global  *scope
	scopes  []*scope // function scopes sorted by start
	scopeOf map[ast.Node]*scope
	cbCall  map[ast.Node]*ast.CallExpression
	calls   []*ast.CallExpression
	news    []*ast.NewExpression
	nodes   []ast.Node // every node of the program, in Walk's order
	// thisProps maps a property name to the values stored in this.name
	// anywhere in the file (assignments, push/unshift/set/add), and
	// methods a method name to the class methods of that name: flow
	// through class fields and method calls, by name.
	thisProps map[string][]ast.Expression
	methods   map[string][]*ast.FunctionLiteral
	// stores are values put into a variable's members (obj[k] = v,
	// obj.a.b = v, arr.push(v)): what the variable holds besides its
	// initialiser, resolved to the variable on first use (Info.storesOf).
	stores []store
}

type store struct {
	base  *ast.Identifier
	value ast.Expression
}

// Info is the per-program binding index shared by the resolver and the
// constant evaluator. Names are resolved file-wide: a name with one
// definition (or several that agree) resolves; anything else is unknown.
type Info struct {
	p   *Program
	idx index

	mu       sync.Mutex
	strMemo  map[ast.Expression]strMemo
	resoMemo map[ast.Expression]string
	fnCalls  map[ast.Node][]*ast.CallExpression
	defStore map[*Def][]ast.Expression
}

type strMemo struct {
	s       string
	ok      bool
	pending bool
}

// Info returns the program's binding index, built once.
func (p *Program) Info() *Info {
	p.infoOnce.Do(func() { p.info = &Info{p: p}; p.info.build() })
	return p.info
}

func (in *Info) build() {
	in.idx.global = &scope{start: 0, end: 1 << 62, defs: map[string][]*Def{}}
	in.idx.scopeOf = map[ast.Node]*scope{}
	in.idx.cbCall = map[ast.Node]*ast.CallExpression{}
	in.idx.thisProps = map[string][]ast.Expression{}
	in.idx.methods = map[string][]*ast.FunctionLiteral{}
	type pendingDef struct {
		d  *Def
		sc *scope
	}
	var pending []pendingDef
	cur, deferred := in.idx.global, false
	add := func(d *Def) {
		if deferred {
			pending = append(pending, pendingDef{d, cur})
			return
		}
		if cur.defs == nil {
			cur.defs = map[string][]*Def{}
		}
		cur.defs[d.Name] = append(cur.defs[d.Name], d)
	}
	scopeFor := func(parents []ast.Node) *scope {
		for i := len(parents) - 1; i >= 0; i-- {
			switch parents[i].(type) {
			case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
				if sc := in.idx.scopeOf[parents[i]]; sc != nil {
					return sc
				}
			}
		}
		return in.idx.global
	}
	newScope := func(fn ast.Node, parent *scope) *scope {
		i0, i1, _ := nodeIdx(fn)
		sc := &scope{start: int(i0), end: int(i1), parent: parent}
		in.idx.scopeOf[fn] = sc
		in.idx.scopes = append(in.idx.scopes, sc)
		return sc
	}
	var bind func(target ast.Expression, init ast.Expression, path []string, param bool, n ast.Node)
	bind = func(target ast.Expression, init ast.Expression, path []string, param bool, n ast.Node) {
		switch t := target.(type) {
		case *ast.Identifier:
			add(&Def{Name: t.Name.String(), Init: init, Path: path, Param: param, Node: n})
		case *ast.ObjectPattern:
			for _, pr := range t.Properties {
				switch pr := pr.(type) {
				case *ast.PropertyShort:
					add(&Def{Name: pr.Name.Name.String(), Init: init, Path: appendPath(path, pr.Name.Name.String()), Param: param, Node: n})
				case *ast.PropertyKeyed:
					key := ""
					if s, ok := in.Str(pr.Key); ok {
						key = s
					} else if id, ok := pr.Key.(*ast.Identifier); ok && !pr.Computed {
						key = id.Name.String()
					}
					v := pr.Value
					if b, ok := v.(*ast.AssignExpression); ok {
						v = b.Left
					}
					bind(v, init, appendPath(path, key), param, n)
				}
			}
			if t.Rest != nil {
				bind(t.Rest, nil, nil, true, n)
			}
		case *ast.ArrayPattern:
			// const [a, b] = argv: each element's value comes from the
			// array (From, for flow), but no element is the whole array
			// (no Init, for folding)
			for _, e := range t.Elements {
				if d, ok := e.(*ast.AssignExpression); ok {
					e = d.Left
				}
				if id, ok := e.(*ast.Identifier); ok && init != nil {
					add(&Def{Name: id.Name.String(), From: init, Param: param, Node: n})
				} else if e != nil {
					bind(e, nil, nil, true, n)
				}
			}
			if t.Rest != nil {
				if id, ok := t.Rest.(*ast.Identifier); ok && init != nil {
					add(&Def{Name: id.Name.String(), From: init, Param: param, Node: n})
				} else {
					bind(t.Rest, nil, nil, true, n)
				}
			}
		case *ast.AssignExpression: // default value in a pattern
			bind(t.Left, init, path, param, n)
		}
	}
	paramBindings := map[*ast.Binding]bool{}
	markParams := func(pl *ast.ParameterList) {
		if pl != nil {
			for _, b := range pl.List {
				paramBindings[b] = true
			}
		}
	}
	// a node per four or five bytes of code (generated and real skills
	// alike): the list is sized for it once instead of doubling its way
	// there, which allocated twice the list again
	in.idx.nodes = make([]ast.Node, 0, len(in.p.Code)/5+16)
	Walk(in.p.AST, func(n ast.Node, parents []ast.Node) bool {
		in.idx.nodes = append(in.idx.nodes, n)
		switch n.(type) {
		case *ast.Binding, *ast.AssignExpression, *ast.UnaryExpression, *ast.FunctionLiteral,
			*ast.ArrowFunctionLiteral, *ast.ClassLiteral, *ast.CatchStatement, *ast.ForInStatement, *ast.ForOfStatement:
			cur, deferred = scopeFor(parents), false
		}
		switch n := n.(type) {
		case *ast.Binding:
			if !paramBindings[n] {
				bind(n.Target, n.Initializer, nil, false, n)
			}
		case *ast.AssignExpression:
			if id := memberBase(n.Left); id != nil {
				in.idx.stores = append(in.idx.stores, store{id, n.Right})
			}
			if name, ok := thisProp(n.Left); ok {
				in.idx.thisProps[name] = append(in.idx.thisProps[name], n.Right)
			}
			// an assignment defines the name in the scope that declares it,
			// known once every declaration has been seen
			deferred = true
			if n.Operator == token.ASSIGN {
				bind(n.Left, n.Right, nil, false, n)
			} else if id, ok := n.Left.(*ast.Identifier); ok {
				add(&Def{Name: id.Name.String(), Init: n.Right, Compound: true, Node: n})
			}
		case *ast.UnaryExpression:
			if id, ok := n.Operand.(*ast.Identifier); ok && (n.Operator == token.INCREMENT || n.Operator == token.DECREMENT) {
				deferred = true
				add(&Def{Name: id.Name.String(), Param: true, Node: n})
			}
		case *ast.FunctionLiteral:
			if n.Name != nil {
				add(&Def{Name: n.Name.Name.String(), Init: n, Node: n})
			}
			cur = newScope(n, cur)
			in.params(n.ParameterList, bind, n)
			markParams(n.ParameterList)
		case *ast.ArrowFunctionLiteral:
			cur = newScope(n, cur)
			in.params(n.ParameterList, bind, n)
			markParams(n.ParameterList)
		case *ast.ClassLiteral:
			if n.Name != nil {
				add(&Def{Name: n.Name.Name.String(), Init: n, Node: n})
			}
		case *ast.CatchStatement:
			if n.Parameter != nil {
				bind(n.Parameter, nil, nil, true, n)
			}
		case *ast.ForInStatement:
			in.forInto(n.Into, n.Source, add, n)
		case *ast.ForOfStatement:
			in.forInto(n.Into, n.Source, add, n)
		case *ast.MethodDefinition:
			if k, ok := n.Key.(*ast.StringLiteral); ok && n.Body != nil && !n.Computed {
				in.idx.methods[k.Value.String()] = append(in.idx.methods[k.Value.String()], n.Body)
			} else if k, ok := n.Key.(*ast.Identifier); ok && n.Body != nil {
				in.idx.methods[k.Name.String()] = append(in.idx.methods[k.Name.String()], n.Body)
			}
		case *ast.CallExpression:
			in.idx.calls = append(in.idx.calls, n)
			if dot, ok := n.Callee.(*ast.DotExpression); ok {
				switch dot.Identifier.Name.String() {
				case "push", "unshift", "set", "add", "concat":
					if id := storeBase(dot.Left); id != nil {
						for _, a := range n.ArgumentList {
							in.idx.stores = append(in.idx.stores, store{id, a})
						}
					}
					if name, ok := thisProp(dot.Left); ok {
						in.idx.thisProps[name] = append(in.idx.thisProps[name], n.ArgumentList...)
					}
				}
			}
			for _, a := range n.ArgumentList {
				switch a.(type) {
				case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
					in.idx.cbCall[a] = n
				}
			}
		case *ast.NewExpression:
			in.idx.news = append(in.idx.news, n)
		}
		return true
	})
	sort.Slice(in.idx.scopes, func(i, j int) bool { return in.idx.scopes[i].start < in.idx.scopes[j].start })
	for _, pd := range pending {
		sc := pd.sc
		for sc != nil && len(sc.defs[pd.d.Name]) == 0 {
			sc = sc.parent
		}
		if sc == nil {
			sc = in.idx.global
		}
		if sc.defs == nil {
			sc.defs = map[string][]*Def{}
		}
		sc.defs[pd.d.Name] = append(sc.defs[pd.d.Name], pd.d)
	}
}

// scopeAt returns the innermost function scope containing goja index i.
func (in *Info) scopeAt(i int) *scope {
	ss := in.idx.scopes
	k := sort.Search(len(ss), func(j int) bool { return ss[j].start > i }) - 1
	if k < 0 {
		return in.idx.global
	}
	sc := ss[k]
	for sc != nil && !(sc.start <= i && i < sc.end) {
		sc = sc.parent
	}
	if sc == nil {
		return in.idx.global
	}
	return sc
}

// defs returns the definitions the identifier refers to: those of the
// innermost enclosing function that defines the name.
func (in *Info) defs(id *ast.Identifier) []*Def {
	name := id.Name.String()
	for sc := in.scopeAt(int(id.Idx)); sc != nil; sc = sc.parent {
		if ds := sc.defs[name]; len(ds) > 0 {
			return ds
		}
	}
	return nil
}

func (in *Info) params(pl *ast.ParameterList, bind func(ast.Expression, ast.Expression, []string, bool, ast.Node), n ast.Node) {
	if pl == nil {
		return
	}
	for _, b := range pl.List {
		bind(b.Target, nil, nil, true, n)
	}
	if pl.Rest != nil {
		bind(pl.Rest, nil, nil, true, n)
	}
}

func (in *Info) forInto(f ast.ForInto, src ast.Expression, add func(*Def), n ast.Node) {
	var t ast.Expression
	switch f := f.(type) {
	case *ast.ForIntoVar:
		t = f.Binding.Target
	case *ast.ForDeclaration:
		t = f.Target
	case *ast.ForIntoExpression:
		t = f.Expression
	}
	var names func(ast.Expression)
	names = func(e ast.Expression) {
		switch e := e.(type) {
		case *ast.Identifier:
			add(&Def{Name: e.Name.String(), Param: true, From: src, Node: n})
		case *ast.ArrayPattern:
			for _, x := range e.Elements {
				names(x)
			}
		case *ast.ObjectPattern:
			for _, p := range e.Properties {
				switch p := p.(type) {
				case *ast.PropertyShort:
					add(&Def{Name: p.Name.Name.String(), Param: true, From: src, Node: n})
				case *ast.PropertyKeyed:
					names(p.Value)
				}
			}
		}
	}
	names(t)
}

// CallbackCall returns the call that fn (a function literal) is passed to.
func (in *Info) CallbackCall(fn ast.Node) *ast.CallExpression { return in.idx.cbCall[fn] }

func appendPath(p []string, s string) []string {
	out := make([]string, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

// Calls lists every call expression in source order.
func (in *Info) Calls() []*ast.CallExpression { return in.idx.calls }

// Nodes lists every node of the program in Walk's order (depth first,
// source order), recorded by the one walk that builds the index: rules
// that look at every node range over it instead of walking the tree
// again. Not to be modified.
func (in *Info) Nodes() []ast.Node { return in.idx.nodes }

// News lists every new expression in source order.
func (in *Info) News() []*ast.NewExpression { return in.idx.news }

// Defs returns the definitions an identifier refers to.
func (in *Info) Defs(id *ast.Identifier) []*Def { return in.defs(id) }

// SingleDef returns the definition an identifier refers to when there is
// exactly one.
func (in *Info) SingleDef(id *ast.Identifier) *Def {
	ds := in.defs(id)
	if len(ds) == 1 {
		return ds[0]
	}
	return nil
}

// Globals that resolve to themselves when not shadowed.
var knownGlobals = map[string]bool{
	"require": true, "eval": true, "Function": true, "process": true, "globalThis": true,
	"global": true, "window": true, "self": true, "module": true, "setTimeout": true,
	"setInterval": true, "setImmediate": true, "fetch": true, "atob": true, "btoa": true, "Buffer": true,
	"String": true, "WebSocket": true, "XMLHttpRequest": true, "Object": true, "JSON": true,
	"Reflect": true, "Promise": true, "Deno": true, "Bun": true, "navigator": true, "document": true,
	"exports": true, "Array": true, "unescape": true, "decodeURIComponent": true, "escape": true,
	"EventSource": true, "Image": true, "importScripts": true, "location": true,
}

// globalObjects are names for the global object.
var globalObjects = map[string]bool{"globalThis": true, "global": true, "window": true, "self": true}

// Resolve names what an expression refers to, symbolically:
//
//	"require"                      the module loader (any spelling)
//	"module:child_process"         a module (node: prefix removed)
//	"module:child_process.exec"    a member of a module
//	"eval", "Function", "process.env", "fetch", ...   globals and members
//	""                             unknown
//
// It sees through aliases, destructuring, computed members with constant
// keys, (0, f) sequences, createRequire, module.constructor._load,
// process.mainModule.require, dynamic import lowered by esbuild and
// esbuild's interop helpers.
func (in *Info) Resolve(e ast.Expression) string {
	return in.resolve(e, 0)
}

const maxDepth = 48

func (in *Info) resolve(e ast.Expression, d int) string {
	if e == nil || d > maxDepth {
		return ""
	}
	// Results are memoised per node (a cycle or a cut-off reads as
	// unknown), which keeps chains of aliases linear.
	in.mu.Lock()
	if in.resoMemo == nil {
		in.resoMemo = map[ast.Expression]string{}
	}
	r, ok := in.resoMemo[e]
	if !ok {
		in.resoMemo[e] = ""
	}
	in.mu.Unlock()
	if ok {
		return r
	}
	r = in.resolveUncached(e, d)
	in.mu.Lock()
	in.resoMemo[e] = r
	in.mu.Unlock()
	return r
}

func (in *Info) resolveUncached(e ast.Expression, d int) string {
	d++
	switch e := e.(type) {
	case *ast.Identifier:
		name := e.Name.String()
		ds := in.defs(e)
		if len(ds) == 0 {
			if knownGlobals[name] {
				return name
			}
			return ""
		}
		var out string
		for i, def := range ds {
			r := in.resolveDef(def, d)
			if r == "" || i > 0 && r != out {
				return ""
			}
			out = r
		}
		return out
	case *ast.DotExpression:
		return in.member(in.resolve(e.Left, d), e.Identifier.Name.String())
	case *ast.BracketExpression:
		k, ok := in.str(e.Member, d)
		if !ok {
			return ""
		}
		return in.member(in.resolve(e.Left, d), k)
	case *ast.SequenceExpression:
		if len(e.Sequence) > 0 {
			return in.resolve(e.Sequence[len(e.Sequence)-1], d)
		}
	case *ast.OptionalChain:
		return in.resolve(e.Expression, d)
	case *ast.Optional:
		return in.resolve(e.Expression, d)
	case *ast.AwaitExpression:
		return in.resolve(e.Argument, d)
	case *ast.ConditionalExpression:
		a, b := in.resolve(e.Consequent, d), in.resolve(e.Alternate, d)
		if a == b {
			return a
		}
		if a == "" {
			return b
		}
		if b == "" {
			return a
		}
	case *ast.BinaryExpression:
		if e.Operator == token.LOGICAL_OR || e.Operator == token.COALESCE {
			if r := in.resolve(e.Left, d); r != "" {
				return r
			}
			return in.resolve(e.Right, d)
		}
	case *ast.FunctionLiteral:
		return "function"
	case *ast.ArrowFunctionLiteral:
		return "function"
	case *ast.ArrayLiteral:
		return "instance:Array"
	case *ast.ObjectLiteral:
		return "instance:Object"
	case *ast.StringLiteral, *ast.TemplateLiteral:
		return "instance:String"
	case *ast.CallExpression:
		return in.resolveCall(e, d)
	}
	return ""
}

func (in *Info) resolveDef(def *Def, d int) string {
	if def.Param {
		return in.resolveThenParam(def, d)
	}
	if def.Compound || def.Init == nil {
		return ""
	}
	r := in.resolve(def.Init, d)
	if r == "" {
		return ""
	}
	for _, p := range def.Path {
		r = in.member(r, p)
		if r == "" {
			return ""
		}
	}
	return r
}

func (in *Info) member(base, name string) string {
	if base == "" || name == "" {
		return ""
	}
	switch {
	case globalObjects[base]:
		if knownGlobals[name] || name == "eval" {
			return name
		}
		return "global." + name
	case strings.HasPrefix(base, "instance:") && name == "constructor":
		return strings.TrimPrefix(base, "instance:")
	case strings.HasPrefix(base, "instance:"):
		return ""
	case (ctors[base] || base == "function") && name == "constructor":
		return "Function"
	case base == "Function.prototype" && name == "constructor":
		return "Function"
	case base == "process.mainModule" && name == "require", base == "module" && name == "require",
		base == "require.main" && name == "require", base == "module.parent" && name == "require":
		return "require"
	case base == "module.constructor" && name == "_load", base == "module:module" && name == "_load",
		base == "module.constructor" && name == "createRequire":
		if name == "_load" {
			return "require"
		}
		return "module:module.createRequire"
	case base == "require" && name == "call", base == "require" && name == "apply":
		return "require.call"
	case strings.HasPrefix(base, "module:") && name == "default" && !strings.Contains(base, "."):
		return base
	case base == "module:module" && name == "Module":
		return "module:module"
	case base == "module:module.Module" && name == "_load":
		return "require"
	}
	return base + "." + name
}

// ctors are constructors: their .constructor is Function.
var ctors = map[string]bool{"Array": true, "Object": true, "String": true, "Number": true, "Boolean": true,
	"Function": true, "RegExp": true, "Promise": true, "Symbol": true}

// interop helpers esbuild and TypeScript emit around require().
var passThrough = map[string]bool{
	"__toESM": true, "__toCommonJS": true, "__importStar": true, "__importDefault": true,
	"_interopRequireDefault": true, "_interopRequireWildcard": true, "__reExport": true,
}

func (in *Info) resolveCall(e *ast.CallExpression, d int) string {
	if id, ok := e.Callee.(*ast.Identifier); ok && passThrough[id.Name.String()] && len(e.ArgumentList) > 0 {
		return in.resolve(e.ArgumentList[0], d)
	}
	if id, ok := e.Callee.(*ast.Identifier); ok && id.Name.String() == "__require" && len(e.ArgumentList) > 0 {
		return in.moduleOf(e.ArgumentList[0], d)
	}
	callee := in.resolve(e.Callee, d)
	switch callee {
	case "require", "process.binding", "process._linkedBinding":
		if len(e.ArgumentList) > 0 {
			return in.moduleOf(e.ArgumentList[0], d)
		}
	case "require.call":
		if len(e.ArgumentList) > 1 {
			return in.moduleOf(e.ArgumentList[1], d)
		}
	case "module:module.createRequire", "module:module.Module.createRequire":
		return "require"
	case "Object.getPrototypeOf", "Reflect.getPrototypeOf":
		if len(e.ArgumentList) == 1 && in.resolve(e.ArgumentList[0], d) == "function" {
			return "Function.prototype"
		}
	}
	// Promise.resolve().then(() => require(x)) from lowered import(x)
	if dot, ok := e.Callee.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "then" && len(e.ArgumentList) == 1 {
		if af, ok := e.ArgumentList[0].(*ast.ArrowFunctionLiteral); ok {
			if eb, ok := af.Body.(*ast.ExpressionBody); ok {
				return in.resolve(eb.Expression, d)
			}
		}
	}
	if strings.HasPrefix(callee, "module:") && strings.HasSuffix(callee, ".promisify") && len(e.ArgumentList) > 0 {
		return in.resolve(e.ArgumentList[0], d)
	}
	if strings.HasSuffix(callee, ".bind") {
		return strings.TrimSuffix(callee, ".bind")
	}
	return ""
}

func (in *Info) moduleOf(arg ast.Expression, d int) string {
	s, ok := in.str(arg, d)
	if !ok {
		return ""
	}
	s = strings.TrimPrefix(s, "node:")
	s = strings.TrimSuffix(s, "/promises")
	return "module:" + s
}

// resolveThenParam resolves the first parameter of a callback given to
// promise.then(cb): it is the promise's value (import(x).then(m => ...)).
func (in *Info) resolveThenParam(def *Def, d int) string {
	var pl *ast.ParameterList
	switch f := def.Node.(type) {
	case *ast.ArrowFunctionLiteral:
		pl = f.ParameterList
	case *ast.FunctionLiteral:
		pl = f.ParameterList
	default:
		return ""
	}
	if pl == nil || len(pl.List) == 0 {
		return ""
	}
	id, ok := pl.List[0].Target.(*ast.Identifier)
	if !ok || id.Name.String() != def.Name {
		return ""
	}
	c := in.idx.cbCall[def.Node]
	if c == nil || len(c.ArgumentList) == 0 || c.ArgumentList[0] != def.Node {
		return ""
	}
	dot, ok := c.Callee.(*ast.DotExpression)
	if !ok || dot.Identifier.Name.String() != "then" {
		return ""
	}
	return in.resolve(dot.Left, d)
}

// thisProp returns name for this.name.
// memberBase returns the variable at the root of a member expression
// (obj in obj[k], obj.a.b), nil for anything else (this.x is a field).
func memberBase(e ast.Expression) *ast.Identifier {
	switch x := e.(type) {
	case *ast.DotExpression:
		return storeBase(x.Left)
	case *ast.BracketExpression:
		return storeBase(x.Left)
	}
	return nil
}

// storeBase is memberBase that also accepts the variable itself (arr in
// arr.push(v)).
func storeBase(e ast.Expression) *ast.Identifier {
	for n := 0; n < 8; n++ {
		switch x := e.(type) {
		case *ast.Identifier:
			return x
		case *ast.DotExpression:
			e = x.Left
		case *ast.BracketExpression:
			e = x.Left
		default:
			return nil
		}
	}
	return nil
}

// storesOf returns the values stored into members of the variable def
// holds (built once for the file).
func (in *Info) storesOf(d *Def) []ast.Expression {
	in.mu.Lock()
	built := in.defStore != nil
	in.mu.Unlock()
	if !built {
		m := map[*Def][]ast.Expression{}
		for _, st := range in.idx.stores {
			if sd := in.SingleDef(st.base); sd != nil {
				m[sd] = append(m[sd], st.value)
			}
		}
		in.mu.Lock()
		in.defStore = m
		in.mu.Unlock()
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.defStore[d]
}

func thisProp(e ast.Expression) (string, bool) {
	d, ok := e.(*ast.DotExpression)
	if !ok {
		return "", false
	}
	if _, ok := d.Left.(*ast.ThisExpression); !ok {
		return "", false
	}
	return d.Identifier.Name.String(), true
}
