package python

import (
	"slices"
	"sort"
	"strings"
	"sync"
)

// Module is a tokenised Python file with its imports, assignments and calls.
// Query methods (Fold, Derives) memoise their results and are safe for
// concurrent use; predicates passed to Derives may query the module again.
type Module struct {
	*Tokens
	// Aliases maps a local name to the qualified name it stands for:
	// "sp" → "subprocess" for import subprocess as sp, "s" → "os.system"
	// for from os import system as s or s = os.system, "o" → "os" for
	// o = __import__('os').
	Aliases map[string]string
	// StarImports are the modules imported with from M import *.
	StarImports []string
	// Calls are every call whose callee could be named, ordered by their
	// opening parenthesis.
	Calls []*Call
	// Refs are the dotted-name references (calls included), ordered by
	// their head token.
	Refs []Ref
	// Defs are the functions defined at module level.
	Defs map[string]bool
	// Assigns maps an assigned name ("x", "self.x", or "f()" for the return
	// values of function f) to the assignments that bind it.
	Assigns map[string][]Assign

	mu        sync.Mutex
	foldMemo  map[string]*foldEntry
	foldBytes int
	derMemo   map[string]derEntry
	bindMemo  map[bindKey]bindEntry // Bindings of names bound many times
	imports   [][2]int              // token ranges of import statements

	linesOnce sync.Once
	lines     []int // byte offsets where lines start

	aliasTok  map[string]int // token of the assignment that made a variable an alias
	classBody bool           // while statements() reads a class body

	funcsOnce sync.Once
	funcs     []Func
	owner     []int32 // per token: 1 + index of the innermost function, 0 at module level
}

// Call is a call expression.
type Call struct {
	// Name is the callee, resolved through aliases and normalised: builtins
	// lose their module ("exec"), a call on a call's result gets "()" ("open().read",
	// "requests.get().json"), getattr(m, 'x') resolves to "m.x".
	Name string
	// Head is the token where the callee expression starts; Open and Close
	// are the parentheses.
	Head, Open, Close int
	Args              []Arg

	start, end int // byte span, kept so Span needs no token lookups
}

// Arg is one argument: tokens [Start, End). Keyword is the keyword of a
// keyword argument, "*" or "**" for unpacking, "" for positional ones.
type Arg struct {
	Keyword    string
	Start, End int
}

// Ref is a reference to a dotted name in an expression.
type Ref struct {
	Name string // resolved, as for Call.Name
	Tok  int    // head token
	End  int    // token after the reference
	Call bool   // the reference is called
	// Key is the constant subscript applied to Name (os.environ['KEY']).
	Key    string
	HasKey bool
	// Var is the unresolved head identifier when it is a plain variable
	// (not an import alias or builtin); Attr is Var plus its first
	// attribute ("self.data").
	Var, Attr string
}

// Assign binds Target to the value in tokens [Start, End).
type Assign struct {
	Target     string
	Tok        int // target token
	Start, End int
	Aug        bool // augmented (+=) or mutation (x.update(...)): adds to earlier values
}

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

var compound = map[string]bool{"if": true, "elif": true, "else": true, "for": true, "while": true,
	"with": true, "def": true, "class": true, "try": true, "except": true, "finally": true, "async": true}

// builtinHeads are names whose bare use refers to the builtin; they may be
// aliased (e = exec).
var builtinHeads = map[string]bool{"exec": true, "eval": true, "compile": true, "open": true,
	"getattr": true, "__import__": true, "globals": true, "locals": true, "vars": true, "input": true}

// starExports are the names from M import * brings in that rules care
// about; other star-imported names stay unresolved.
var starExports = func() map[string]bool {
	out := map[string]bool{}
	for mod, names := range map[string]string{
		"os":             "system popen execl execle execlp execv execve execvp spawnl spawnv environ getenv dup2 setuid seteuid chmod remove walk listdir scandir",
		"subprocess":     "run call check_call check_output Popen getoutput getstatusoutput",
		"pty":            "spawn",
		"socket":         "socket create_connection",
		"base64":         "b64decode b32decode b16decode a85decode urlsafe_b64decode standard_b64decode decodebytes",
		"pickle":         "loads load Unpickler",
		"marshal":        "loads load",
		"zlib":           "decompress",
		"ctypes":         "CFUNCTYPE WINFUNCTYPE windll cdll memmove cast",
		"shutil":         "copy copyfile copy2 rmtree move",
		"urllib.request": "urlopen urlretrieve Request",
		"requests":       "get post put patch request Session",
	} {
		for _, n := range strings.Fields(names) {
			out[mod+"."+n] = true
		}
	}
	return out
}()

// Parse tokenises src and extracts imports, assignments and calls.
func Parse(src []byte) (*Module, error) {
	t, err := Tokenize(src)
	if err != nil {
		return nil, err
	}
	m := &Module{Tokens: t, Aliases: map[string]string{}, Assigns: map[string][]Assign{}, Defs: map[string]bool{},
		foldMemo: map[string]*foldEntry{}, derMemo: map[string]derEntry{}}
	m.statements()
	m.walrus()
	m.resolveAliases()
	m.extract()
	return m, nil
}

// statements walks logical statements collecting imports and assignments.
func (m *Module) statements() {
	type fn struct {
		name   string
		indent int32
	}
	var funcs []fn
	n := len(m.Toks)
	for s := 0; s < n; {
		if ind := m.Indent[s]; ind >= 0 {
			for len(funcs) > 0 && ind <= funcs[len(funcs)-1].indent {
				funcs = funcs[:len(funcs)-1]
			}
		}
		e, next := m.stmtEnd(s)
		if e > s {
			first := m.Text(s)
			switch {
			case first == "import" && m.Toks[s].Kind == Name:
				m.importStmt(s+1, e)
				m.imports = append(m.imports, [2]int{s, e})
			case first == "from" && m.Toks[s].Kind == Name:
				m.fromStmt(s+1, e)
				m.imports = append(m.imports, [2]int{s, e})
			case (first == "def" || first == "class") && s+1 < e && m.Toks[s+1].Kind == Name:
				ind := m.Indent[s]
				if ind < 0 && len(funcs) > 0 {
					ind = funcs[len(funcs)-1].indent + 1
				}
				name := m.Text(s + 1)
				if first == "class" {
					name = ""
				} else if ind == 0 {
					m.Defs[name] = true
				}
				funcs = append(funcs, fn{name, ind})
			case first == "return" && m.Toks[s].Kind == Name && len(funcs) > 0:
				for k := len(funcs) - 1; k >= 0; k-- {
					if funcs[k].name != "" {
						m.add(Assign{Target: funcs[k].name + "()", Tok: s, Start: s + 1, End: e})
						break
					}
				}
			case first == "for" && m.Toks[s].Kind == Name:
				m.forStmt(s+1, e)
			case first == "async" && s+1 < e && m.Text(s+1) == "for":
				m.forStmt(s+2, e)
			case first == "with" || first == "async" && s+1 < e && m.Text(s+1) == "with":
				m.withStmt(s, e)
			default:
				if m.Toks[s].Kind != Name || !keywords[first] {
					// a class attribute (X = … in a class body) is what
					// self.X reads when no method binds self.X
					m.classBody = len(funcs) > 0 && funcs[len(funcs)-1].name == ""
					m.assignStmt(s, e)
					m.classBody = false
				}
			}
		}
		s = next
	}
}

// stmtEnd returns the end of the simple statement starting at s and where
// the next one starts.
func (m *Module) stmtEnd(s int) (end, next int) {
	d := m.Toks[s].Depth
	isCompound := m.Toks[s].Kind == Name && compound[m.Text(s)]
	for i := s; i < len(m.Toks); i++ {
		tk := &m.Toks[i]
		if tk.Kind == Newline {
			return i, i + 1
		}
		if tk.Depth == d && tk.Kind == Op && tk.End-tk.Start == 1 {
			switch m.Src[tk.Start] {
			case ';':
				return i, i + 1
			case ':':
				if isCompound && !m.lambdaBefore(s, i) {
					return i, i + 1
				}
			}
		}
	}
	return len(m.Toks), len(m.Toks)
}

// lambdaBefore reports whether a top-level lambda between s and i owns
// the colon at i (if lambda: ... is not valid, so any lambda without a
// colon yet does).
func (m *Module) lambdaBefore(s, i int) bool {
	open := 0
	d := m.Toks[i].Depth
	for k := s; k < i; k++ {
		if m.Toks[k].Depth != d {
			continue
		}
		if m.Toks[k].Kind == Name && m.Text(k) == "lambda" {
			open++
		} else if m.Is(k, ":") && open > 0 {
			open--
		}
	}
	return open > 0
}

func (m *Module) add(a Assign) {
	m.Assigns[a.Target] = append(m.Assigns[a.Target], a)
	if m.classBody && !strings.ContainsAny(a.Target, ".()[") {
		t := "self." + a.Target
		m.Assigns[t] = append(m.Assigns[t], a)
	}
}

// dotted reads NAME(.NAME)* at i and returns the name and the next index.
func (m *Module) dotted(i, e int) (string, int) {
	if i >= e || m.Toks[i].Kind != Name {
		return "", i
	}
	var b strings.Builder
	b.WriteString(m.Text(i))
	i++
	for i+1 < e && m.Is(i, ".") && m.Toks[i+1].Kind == Name {
		b.WriteByte('.')
		b.WriteString(m.Text(i + 1))
		i += 2
	}
	return b.String(), i
}

func (m *Module) importStmt(i, e int) {
	for i < e {
		name, j := m.dotted(i, e)
		if name == "" {
			i++
			continue
		}
		local := name
		if k := strings.IndexByte(name, '.'); k >= 0 {
			local = name[:k]
			m.Aliases[local] = local
		} else {
			m.Aliases[local] = name
		}
		if j+1 < e && m.Is(j, "as") && m.Toks[j+1].Kind == Name {
			m.Aliases[m.Text(j+1)] = name
			j += 2
		}
		i = j
		for i < e && !m.Is(i, ",") {
			i++
		}
		i++
	}
}

func (m *Module) fromStmt(i, e int) {
	mod := ""
	for i < e && (m.Is(i, ".") || m.Is(i, "...")) {
		mod += m.Text(i)
		i++
	}
	name, j := "", i
	if !m.Is(i, "import") { // from . import x names no module after the dots
		name, j = m.dotted(i, e)
	}
	mod += name
	if j >= e || !m.Is(j, "import") {
		return
	}
	for i = j + 1; i < e; i++ {
		if m.Is(i, "*") {
			m.StarImports = append(m.StarImports, mod)
			continue
		}
		if m.Toks[i].Kind != Name || keywords[m.Text(i)] {
			continue
		}
		n := m.Text(i)
		local := n
		if i+2 < e && m.Is(i+1, "as") && m.Toks[i+2].Kind == Name {
			local = m.Text(i + 2)
			i += 2
		}
		m.Aliases[local] = mod + "." + n
	}
}

// targets splits a target list [s, e) into assigned names.
func (m *Module) targets(s, e int, f func(name string, tok int)) {
	d := -1
	partStart := s
	flush := func(a, b int) {
		for a < b && (m.Is(a, "*") || m.Is(a, "**")) {
			a++
		}
		if a >= b {
			return
		}
		if (m.Is(a, "(") || m.Is(a, "[")) && int(m.Match[a]) == b-1 {
			m.targets(a+1, b-1, f)
			return
		}
		if m.Toks[a].Kind != Name || keywords[m.Text(a)] {
			return
		}
		name, j := m.dotted(a, b)
		if strings.HasPrefix(name, "self.") || strings.HasPrefix(name, "cls.") {
			if k := strings.IndexByte(name[strings.IndexByte(name, '.')+1:], '.'); k >= 0 {
				name = name[:strings.IndexByte(name, '.')+1+k]
			}
		} else if k := strings.IndexByte(name, '.'); k >= 0 && j < b {
			name = name[:k]
		}
		if j < b && !m.Is(j, "[") && !m.Is(j, ":") {
			return // not a plain target
		}
		f(name, a)
	}
	for i := s; i < e; i++ {
		if d < 0 {
			d = int(m.Toks[i].Depth)
		}
		if int(m.Toks[i].Depth) == d && m.Is(i, ",") {
			flush(partStart, i)
			partStart = i + 1
		}
	}
	flush(partStart, e)
}

func (m *Module) assignStmt(s, e int) {
	d := m.Toks[s].Depth
	last := s
	var segs [][2]int
	for i := s; i < e; i++ {
		tk := &m.Toks[i]
		if tk.Depth != d || tk.Kind != Op {
			continue
		}
		txt := m.Src[tk.Start:tk.End]
		if txt == "=" {
			segs = append(segs, [2]int{last, i})
			last = i + 1
		} else if len(txt) >= 2 && txt[len(txt)-1] == '=' && txt != "==" && txt != "<=" && txt != ">=" && txt != "!=" && txt != ":=" && len(segs) == 0 {
			m.targets(s, i, func(name string, tok int) {
				m.add(Assign{Target: name, Tok: tok, Start: i + 1, End: e, Aug: true})
			})
			return
		}
	}
	if len(segs) == 0 {
		return
	}
	for _, sg := range segs {
		a, b := sg[0], sg[1]
		// annotated target: x: T = v
		for k := a; k < b; k++ {
			if m.Toks[k].Depth == d && m.Is(k, ":") {
				b = k
				break
			}
		}
		m.targets(a, b, func(name string, tok int) {
			m.add(Assign{Target: name, Tok: tok, Start: last, End: e})
		})
	}
}

func (m *Module) forStmt(s, e int) {
	d := m.Toks[s].Depth
	for i := s; i < e; i++ {
		if m.Toks[i].Depth == d && m.Toks[i].Kind == Name && m.Text(i) == "in" {
			m.targets(s, i, func(name string, tok int) {
				m.add(Assign{Target: name, Tok: tok, Start: i + 1, End: e})
			})
			return
		}
	}
}

func (m *Module) withStmt(s, e int) {
	d := m.Toks[s].Depth
	itemStart := s + 1
	if m.Text(s) == "async" {
		itemStart = s + 2
	}
	if itemStart < e && m.Is(itemStart, "(") && int(m.Match[itemStart]) == e-1 {
		d++
		itemStart++
		e--
	}
	for i := itemStart; i <= e; i++ {
		if i == e || m.Toks[i].Depth == d && m.Is(i, ",") {
			for k := itemStart; k < i; k++ {
				if m.Toks[k].Depth == d && m.Toks[k].Kind == Name && m.Text(k) == "as" {
					ve := k
					m.targets(k+1, i, func(name string, tok int) {
						m.add(Assign{Target: name, Tok: tok, Start: itemStart, End: ve})
					})
					break
				}
			}
			itemStart = i + 1
		}
	}
}

// walrus records NAME := value inside expressions.
func (m *Module) walrus() {
	for i := 1; i < len(m.Toks); i++ {
		if !m.Is(i, ":=") || m.Toks[i-1].Kind != Name {
			continue
		}
		d := m.Toks[i].Depth
		j := i + 1
		for j < len(m.Toks) {
			tk := &m.Toks[j]
			if tk.Depth < d || tk.Kind == Newline || tk.Depth == d && (m.Is(j, ",") || m.Is(j, ")") || m.Is(j, "]") || m.Is(j, "}")) {
				break
			}
			j++
		}
		m.add(Assign{Target: m.Text(i - 1), Tok: i - 1, Start: i + 1, End: j})
	}
}

// resolveAliases turns assignments of modules and functions into aliases:
// s = os.system, o = __import__('os'), e = getattr(builtins, 'exec').
func (m *Module) resolveAliases() {
	for round := 0; round < 4; round++ {
		changed := false
		for target, as := range m.Assigns {
			if len(as) != 1 || as[0].Aug || strings.Contains(target, ".") || strings.HasSuffix(target, "()") {
				continue
			}
			a := as[0]
			r, end, ok := m.chain(a.Start, a.End, nil)
			if !ok || end != a.End || r.Var != "" || strings.HasSuffix(r.Name, "()") || r.HasKey {
				continue
			}
			if m.Aliases[target] != r.Name {
				m.Aliases[target] = r.Name
				setTok(&m.aliasTok, target, a.Tok)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
}

// resolveHead resolves the identifier at token i.
func (m *Module) resolveHead(i int) (name string, isVar bool) {
	n := m.Text(i)
	if q, ok := m.Aliases[n]; ok {
		if t, assigned := m.aliasTok[n]; !assigned || m.aliasReaches(t, i, n) {
			return q, false
		}
	}
	if n == "__builtins__" || n == "builtins" {
		return "builtins", false
	}
	if builtinHeads[n] && !m.Defs[n] && m.Assigns[n] == nil {
		return n, false
	}
	for _, mod := range m.StarImports {
		if starExports[mod+"."+n] && m.Assigns[n] == nil && !m.Defs[n] {
			return mod + "." + n, false
		}
	}
	return n, true
}

// aliasReaches reports whether the single assignment at token t that
// made name an alias is the binding a use at token i sees: one at module
// level, or in a function holding i, and not shadowed by a parameter of
// the function i is in.
func (m *Module) aliasReaches(t, i int, name string) bool {
	fs := m.Funcs()
	if fi := m.funcIndex(i); fi >= 0 && slices.Contains(fs[fi].Params, name) {
		return false
	}
	fa := m.funcIndex(t)
	return fa < 0 || fs[fa].Lo <= i && i < fs[fa].Hi
}

func setTok(mp *map[string]int, k string, v int) {
	if *mp == nil {
		*mp = map[string]int{}
	}
	(*mp)[k] = v
}

func normaliseBuiltin(name string) string {
	for _, p := range []string{"builtins.", "__builtins__."} {
		if strings.HasPrefix(name, p) {
			return name[len(p):]
		}
	}
	if strings.HasPrefix(name, "__builtins__") {
		return "builtins" + name[len("__builtins__"):]
	}
	return name
}

// chain parses the primary expression starting at token i (a name, or a
// string literal followed by an attribute) up to e. It calls emit for
// every call and for the final reference. ok is false when i does not
// start a primary.
func (m *Module) chain(i, e int, emit func(Ref, *Call)) (r Ref, end int, ok bool) {
	tk := &m.Toks[i]
	switch {
	case tk.Kind == Name && !keywords[m.Text(i)]:
		name, isVar := m.resolveHead(i)
		r.Name = name
		if isVar {
			r.Var = name
		}
	case tk.Kind == String && i+1 < e && m.Is(i+1, "."):
		r.Name = "str"
		if tk.Flags&FlagBytes != 0 {
			r.Name = "bytes"
		}
	case m.isGroup(i) && int(m.Match[i])+1 < e && m.Is(int(m.Match[i])+1, "."):
		// (expr).attr: the value of a parenthesised expression
		r.Name = "()"
	default:
		return r, i, false
	}
	r.Tok = i
	j := i + 1
	if r.Name == "()" {
		j = int(m.Match[i]) + 1
	}
	for j < e {
		switch {
		case m.Is(j, ".") && j+1 < e && m.Toks[j+1].Kind == Name:
			attr := m.Text(j + 1)
			if r.Var != "" && r.Attr == "" && !strings.Contains(r.Name, "(") {
				r.Attr = r.Var + "." + attr
			}
			if r.Name == "builtins" {
				r.Name = attr
			} else {
				r.Name += "." + attr
			}
			r.HasKey, r.Key = false, ""
			j += 2
		case m.Is(j, "("):
			cl := int(m.Match[j])
			if cl < 0 || cl >= e {
				r.End = j + 1
				return r, j + 1, true
			}
			c := &Call{Name: r.Name, Head: i, Open: j, Close: cl, Args: m.args(j, cl),
				start: m.Toks[i].Start, end: m.Toks[cl].End}
			if emit != nil {
				cr := r
				cr.Call, cr.End = true, cl+1
				emit(cr, c)
			}
			r.Name = m.callResult(c)
			r.HasKey, r.Key = false, ""
			if !strings.HasSuffix(r.Name, "()") {
				r.Var, r.Attr = "", "" // __import__('os'), getattr(m, 'x'): a name, not a value
			}
			j = cl + 1
		case m.Is(j, "["):
			cl := int(m.Match[j])
			if cl < 0 || cl >= e {
				r.End = j + 1
				return r, j + 1, true
			}
			key, kok := "", false
			if cl-j <= maxNameExpr {
				key, kok = m.fold(j+1, cl)
			}
			if kok && (r.Name == "__dict__" || r.Name == "globals()" || r.Name == "locals()" || r.Name == "vars()" || r.Name == "sys.modules") {
				r.Name = key // globals()['exec'], sys.modules['os']
				r.HasKey, r.Var, r.Attr = false, "", ""
			} else if kok && strings.HasSuffix(r.Name, ".__dict__") {
				r.Name = normaliseBuiltin(strings.TrimSuffix(r.Name, "__dict__") + key) // os.__dict__['system']
				r.HasKey, r.Var, r.Attr = false, "", ""
			} else {
				if emit != nil && kok {
					kr := r
					kr.Key, kr.HasKey, kr.End = key, true, cl+1
					emit(kr, nil)
				}
				r.Name += "[]"
				r.Key, r.HasKey = key, kok
			}
			j = cl + 1
		default:
			r.End = j
			return r, j, true
		}
	}
	r.End = j
	return r, j, true
}

// maxNameExpr bounds the expressions (in tokens) folded to resolve names
// (subscript keys, __import__ and getattr arguments): names are short, and
// folding long ones at every nesting level would be quadratic.
const maxNameExpr = 64

// callResult names the value a call returns.
func (m *Module) callResult(c *Call) string {
	switch c.Name {
	case "__import__", "importlib.import_module", "importlib.__import__":
		if len(c.Args) > 0 && c.Args[0].End-c.Args[0].Start <= maxNameExpr {
			if s, ok := m.fold(c.Args[0].Start, c.Args[0].End); ok && s != "" {
				return s
			}
		}
	case "getattr":
		if len(c.Args) >= 2 && c.Args[0].End-c.Args[0].Start <= maxNameExpr && c.Args[1].End-c.Args[1].Start <= maxNameExpr {
			a0 := c.Args[0]
			r, end, ok := m.chain(a0.Start, a0.End, nil)
			attr, aok := m.fold(c.Args[1].Start, c.Args[1].End)
			if ok && end == a0.End && aok {
				if r.Name == "builtins" {
					return attr
				}
				return r.Name + "." + attr
			}
		}
	case "vars":
		if len(c.Args) == 1 && c.Args[0].End-c.Args[0].Start <= maxNameExpr {
			a0 := c.Args[0]
			if r, end, ok := m.chain(a0.Start, a0.End, nil); ok && end == a0.End && r.Var == "" {
				return r.Name + ".__dict__" // vars(os)['system']
			}
		}
	}
	return c.Name + "()"
}

// args splits the argument list between the parentheses at open and cl.
func (m *Module) args(open, cl int) []Arg {
	var out []Arg
	d := m.Toks[open].Depth + 1
	start := open + 1
	gen := false // a generator argument ("c ^ k for i, c in …") runs to the end
	for i := open + 1; i <= cl; i++ {
		if i < cl && m.Match[i] > int32(i) && int(m.Match[i]) < cl {
			i = int(m.Match[i]) // skip nested brackets: linear in the list, not its content
			continue
		}
		if i < cl && m.Toks[i].Depth == d && m.Toks[i].Kind == Name && m.Is(i, "for") {
			gen = true
		}
		if i < cl && (gen || !(m.Toks[i].Depth == d && m.Is(i, ","))) {
			continue
		}
		if start < i {
			a := Arg{Start: start, End: i}
			switch {
			case m.Is(start, "*") || m.Is(start, "**"):
				a.Keyword = m.Text(start)
				a.Start++
			case start+1 < i && m.Toks[start].Kind == Name && m.Is(start+1, "="):
				a.Keyword = m.Text(start)
				a.Start += 2
			}
			out = append(out, a)
		}
		start = i + 1
	}
	return out
}

var mutators = map[string]bool{"update": true, "append": true, "extend": true, "insert": true,
	"add": true, "setdefault": true, "write": true, "writelines": true}

// extract records every reference and call.
func (m *Module) extract() {
	n := len(m.Toks)
	m.Refs = make([]Ref, 0, n/5+8)
	imp := m.imports
	for i := 0; i < n; i++ {
		for len(imp) > 0 && imp[0][1] <= i {
			imp = imp[1:]
		}
		if len(imp) > 0 && imp[0][0] <= i {
			i = imp[0][1]
			continue
		}
		tk := &m.Toks[i]
		if tk.Kind != Name && tk.Kind != String && !m.isGroup(i) {
			continue
		}
		if i > 0 && (m.Is(i-1, ".") || m.Is(i-1, "!") || m.Is(i-1, "def") || m.Is(i-1, "class")) {
			continue // attribute, f-string conversion (!r), definition
		}
		if m.keywordName(i) {
			continue // f(text="hi"), def f(text=None): a parameter's name, not the variable
		}
		lastEnd := -1
		r, _, ok := m.chain(i, n, func(r Ref, c *Call) {
			m.Refs = append(m.Refs, r)
			lastEnd = r.End
			if c != nil {
				m.Calls = append(m.Calls, c)
			}
		})
		if ok && r.End != lastEnd {
			m.Refs = append(m.Refs, r)
		}
	}
	sort.SliceStable(m.Calls, func(a, b int) bool { return m.Calls[a].Open < m.Calls[b].Open })
	sort.SliceStable(m.Refs, func(a, b int) bool { return m.Refs[a].Tok < m.Refs[b].Tok })
	// x.update(y), x.append(y), ...: x now holds y.
	for _, c := range m.Calls {
		dot := strings.LastIndexByte(c.Name, '.')
		if dot < 0 || !mutators[c.Name[dot+1:]] || c.Head+3 != c.Open && !(c.Head+5 == c.Open && m.Text(c.Head) == "self") {
			continue
		}
		target := m.Text(c.Head)
		if c.Head+5 == c.Open {
			target = "self." + m.Text(c.Head+2)
		}
		if _, isAlias := m.Aliases[target]; isAlias {
			continue
		}
		m.add(Assign{Target: target, Tok: c.Head, Start: c.Open + 1, End: c.Close, Aug: true})
	}
}

// keywordName reports whether token i is the name of a keyword argument
// or of a parameter's default (f(text="hi"), def f(text=None), lambda
// x=1: x): a name followed by "=" right after the "(" or "," of a
// bracket. Inside brackets no assignment can stand there (only the walrus
// :=, a token of its own), so the name is the callee's parameter, never a
// read of the caller's variable of the same name.
func (m *Module) keywordName(i int) bool {
	tk := &m.Toks[i]
	return tk.Kind == Name && tk.Depth > 0 && i > 0 && i+1 < len(m.Toks) && m.Is(i+1, "=") &&
		(m.Is(i-1, "(") || m.Is(i-1, ","))
}

// isGroup reports whether token i opens a parenthesised expression (not a
// call's argument list).
func (m *Module) isGroup(i int) bool {
	if !m.Is(i, "(") || m.Match[i] < 0 {
		return false
	}
	if i == 0 {
		return true
	}
	p := &m.Toks[i-1]
	switch p.Kind {
	case Name:
		return keywords[m.Text(i-1)]
	case String, Number:
		return false
	case Op:
		return !m.Is(i-1, ")") && !m.Is(i-1, "]")
	}
	return true
}

// RefsIn returns the references whose head lies in tokens [start, end).
func (m *Module) RefsIn(start, end int) []Ref {
	lo := sort.Search(len(m.Refs), func(k int) bool { return m.Refs[k].Tok >= start })
	hi := sort.Search(len(m.Refs), func(k int) bool { return m.Refs[k].Tok >= end })
	return m.Refs[lo:hi]
}

// CallAt returns the call whose opening parenthesis is token open.
func (m *Module) CallAt(open int) *Call {
	k := sort.Search(len(m.Calls), func(k int) bool { return m.Calls[k].Open >= open })
	if k < len(m.Calls) && m.Calls[k].Open == open {
		return m.Calls[k]
	}
	return nil
}

// CallsIn returns the calls whose callee starts in tokens [start, end).
func (m *Module) CallsIn(start, end int) []*Call {
	var out []*Call
	for _, r := range m.RefsIn(start, end) {
		if r.Call {
			if c := m.CallOf(r); c != nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// CallOf returns the call a call reference names, or nil.
func (m *Module) CallOf(r Ref) *Call {
	if !r.Call || r.End < 1 || m.Match[r.End-1] < 0 {
		return nil
	}
	return m.CallAt(int(m.Match[r.End-1]))
}

// Kwarg returns the keyword argument kw.
func (c *Call) Kwarg(kw string) (Arg, bool) {
	for _, a := range c.Args {
		if a.Keyword == kw {
			return a, true
		}
	}
	return Arg{}, false
}

// Positional returns the n-th positional argument (0-based).
func (c *Call) Positional(n int) (Arg, bool) {
	for _, a := range c.Args {
		if a.Keyword == "" {
			if n == 0 {
				return a, true
			}
			n--
		}
	}
	return Arg{}, false
}

// Arg returns the n-th positional argument or, failing that, keyword kw.
func (c *Call) Arg(n int, kw string) (Arg, bool) {
	if a, ok := c.Positional(n); ok {
		return a, true
	}
	if kw != "" {
		return c.Kwarg(kw)
	}
	return Arg{}, false
}

// Span returns the byte range of the call expression.
func (m *Module) Span(c *Call) (start, end int) {
	return c.start, c.end
}

// ArgText returns the source text of an argument.
func (m *Module) ArgText(a Arg) string {
	if a.Start >= a.End {
		return ""
	}
	return m.Src[m.Toks[a.Start].Start:m.Toks[a.End-1].End]
}

// Line returns the 1-based line of byte offset off.
func (m *Module) Line(off int) int {
	m.linesOnce.Do(func() {
		m.lines = append(m.lines, 0)
		for i := 0; i < len(m.Src); i++ {
			if m.Src[i] == '\n' {
				m.lines = append(m.lines, i+1)
			}
		}
	})
	return sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > off })
}
