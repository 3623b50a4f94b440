package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/parse/js"
)

// JSNetworkScan reports JavaScript that sweeps ports or hosts.
var JSNetworkScan = register(&analyzer.Rule{
	ID:       "SV703",
	Name:     "js-network-scan",
	Title:    "JavaScript scans ports or hosts",
	Severity: High,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "CWE-200"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file opens connections in a loop whose port or host is
the loop variable: ` + "`for (let p = 1; p < 1024; p++) net.connect(p, host)`" + `,
` + "`ports.map(p => new net.Socket().connect(p, ip))`" + `, or ` + "`fetch(`http://10.0.0.${i}/`)`" + ` over a
range. That is network reconnaissance: mapping what runs on the machine or the
network it sits in, the first step of lateral movement.

- **high**: the host varies (sweeping an address range), also when the connection
  sits in a helper (` + "`probe(host, port)`" + `) called from the loop and the host is built
  from a literal network prefix such as ` + "`'192.168.1'`" + ` and a loop variable (class and
  object methods are followed by name: ` + "`prober.check(`${net}.${i}`, 22)`" + `);
- **medium**: the port varies on one host.

A URL that writes its host out in full before the loop's value (` + "`https://example.com${page.url}`" + `,
cache warming over one site's pages) walks paths, not hosts, and is not reported; an address
written up to its last digits (` + "`http://10.0.0.1${i}`" + `) still varies the host.

**Fix:** connect to the one documented endpoint the skill needs.

Bad:

` + "```js" + `
for (let port = 1; port < 1024; port++) net.connect(port, '10.0.0.5');
` + "```" + `

Good:

` + "```js" + `
for (let page = 1; page <= 3; page++) await fetch(` + "`https://api.example.com/items?page=${page}`" + `);
` + "```",
	Run: runJSNetworkScan,
})

func runJSNetworkScan(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	reported := map[ast.Node]bool{}
	var loopIdents map[*ast.Identifier]bool // built on first need
	js.Walk(v.Prog.AST, func(n ast.Node, parents []ast.Node) bool {
		c, ok := n.(*ast.CallExpression)
		if !ok {
			if ne, ok := n.(*ast.NewExpression); ok {
				c = &ast.CallExpression{Callee: ne.Callee, ArgumentList: ne.ArgumentList, LeftParenthesis: ne.LeftParenthesis, RightParenthesis: ne.RightParenthesis}
			} else {
				return true
			}
		}
		hostArg, portArg := jsConnArgs(v, c)
		if hostArg == nil && portArg == nil {
			return true
		}
		at := ast.Node(n)
		if reported[at] {
			return true
		}
		vars := jsLoopVars(v, parents)
		hostVaries := hostArg != nil && len(vars) > 0 && jsUsesAny(v, hostArg, vars)
		portVaries := portArg != nil && len(vars) > 0 && jsUsesAny(v, portArg, vars)
		if !hostVaries && hostArg != nil {
			// the connection sits in a helper (probe(host, port)) called
			// from the loop: follow the host back to its values
			if loopIdents == nil {
				loopIdents = jsLoopIdents(v)
			}
			prefix, ok := jsSweptAddress(v, hostArg, loopIdents)
			if !ok {
				prefix, ok = jsSweptThroughMethod(v, hostArg, parents, loopIdents)
			}
			if ok {
				reported[at] = true
				v.Report(at, High, "connects to every address of "+strings.TrimSuffix(prefix, ".")+".x"+jsPrivateRange(prefix)+" in a loop (address sweep)")
				return true
			}
		}
		switch {
		case hostVaries:
			reported[at] = true
			v.Report(at, High, "connects to hosts taken from a loop (address sweep)")
		case portVaries:
			reported[at] = true
			v.Report(at, Medium, "connects to ports taken from a loop (port scan)")
		}
		return true
	})
	return nil
}

// jsConnArgs returns the host and port expressions of a connection call.
func jsConnArgs(v *jsfacts.View, c *ast.CallExpression) (host, port ast.Expression) {
	callee := jsfacts.NormMod(v.Info.Resolve(c.Callee))
	args := c.ArgumentList
	switch callee {
	case "module:net.connect", "module:net.createConnection", "module:tls.connect":
		if len(args) == 0 {
			return nil, nil
		}
		if _, ok := args[0].(*ast.ObjectLiteral); ok {
			return v.ObjProp(args[0], "host"), v.ObjProp(args[0], "port")
		}
		if len(args) > 1 {
			host = args[1]
		}
		return host, args[0]
	case "fetch", "module:node-fetch", "module:axios.get", "module:axios", "module:got", "module:http.get",
		"module:https.get", "module:http.request", "module:https.request", "module:ws", "WebSocket":
		if len(args) == 0 {
			return nil, nil
		}
		if _, ok := args[0].(*ast.ObjectLiteral); ok {
			h := v.ObjProp(args[0], "host")
			if h == nil {
				h = v.ObjProp(args[0], "hostname")
			}
			return h, v.ObjProp(args[0], "port")
		}
		// a URL template: the first substitution decides what varies
		if tl, ok := args[0].(*ast.TemplateLiteral); ok && len(tl.Expressions) > 0 {
			pre := tl.Elements[0].Parsed.String()
			_, rest, ok := strings.Cut(pre, "://")
			switch {
			case !ok:
				return nil, nil
			case !strings.ContainsAny(rest, "/:") && jsWrittenDomain(rest):
				return nil, nil // https://example.com${page.url}: one host, the loop walks its paths
			case !strings.ContainsAny(rest, "/:"):
				return args[0], nil // http://10.0.0.${i}
			case strings.HasSuffix(rest, ":") && !strings.Contains(rest, "/"):
				return nil, args[0] // http://host:${port}
			}
		}
		return nil, nil
	}
	// socket.connect(port, host) on a net.Socket
	if dot, ok := c.Callee.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "connect" && len(args) > 1 && v.FromSocket(dot.Left) {
		return args[1], args[0]
	}
	return nil, nil
}

// jsLoopVars names the variables that enumerate values in the loops and
// iteration callbacks around a node.
func jsLoopVars(v *jsfacts.View, parents []ast.Node) map[string]bool {
	vars := map[string]bool{}
	for i, p := range parents {
		switch p := p.(type) {
		case *ast.ForStatement:
			switch init := p.Initializer.(type) {
			case *ast.ForLoopInitializerVarDeclList:
				for _, b := range init.List {
					jsAddTargetNames(b.Target, vars)
				}
			case *ast.ForLoopInitializerLexicalDecl:
				for _, b := range init.LexicalDeclaration.List {
					jsAddTargetNames(b.Target, vars)
				}
			}
		case *ast.ForOfStatement:
			jsForIntoNames(v, p.Into, vars)
		case *ast.ForInStatement:
			jsForIntoNames(v, p.Into, vars)
		case *ast.ArrowFunctionLiteral, *ast.FunctionLiteral:
			// arr.map(p => ...), arr.forEach(function (p) {...})
			if i > 0 {
				if c, ok := parents[i-1].(*ast.CallExpression); ok {
					if k := v.MemberKey(c.Callee); k == "map" || k == "forEach" || k == "flatMap" {
						var pl *ast.ParameterList
						if af, ok := p.(*ast.ArrowFunctionLiteral); ok {
							pl = af.ParameterList
						} else {
							pl = p.(*ast.FunctionLiteral).ParameterList
						}
						if pl != nil && len(pl.List) > 0 {
							jsAddTargetNames(pl.List[0].Target, vars)
						}
					}
				}
			}
		}
	}
	return vars
}

func jsForIntoNames(v *jsfacts.View, f ast.ForInto, vars map[string]bool) {
	switch f := f.(type) {
	case *ast.ForIntoVar:
		jsAddTargetNames(f.Binding.Target, vars)
	case *ast.ForDeclaration:
		jsAddTargetNames(f.Target, vars)
	case *ast.ForIntoExpression:
		jsAddTargetNames(f.Expression, vars)
	}
}

func jsAddTargetNames(e ast.Expression, vars map[string]bool) {
	if id, ok := e.(*ast.Identifier); ok {
		vars[id.Name.String()] = true
	}
}

// jsUsesAny reports whether e mentions one of the names directly (not
// through other variables: a loop counter used as an index is not a
// sweep of values).
func jsUsesAny(v *jsfacts.View, e ast.Expression, vars map[string]bool) bool {
	found := false
	js.Walk(e, func(n ast.Node, _ []ast.Node) bool {
		switch x := n.(type) {
		case *ast.Identifier:
			if vars[x.Name.String()] {
				found = true
			}
		case *ast.DotExpression:
			// a.b: only the object is a variable reference
			js.Walk(x.Left, func(n ast.Node, _ []ast.Node) bool {
				if id, ok := n.(*ast.Identifier); ok && vars[id.Name.String()] {
					found = true
				}
				return !found
			})
			return false
		case *ast.BracketExpression:
			// list[i]: an element of a list, not an enumerated value
			return false
		}
		return !found
	})
	return found
}

// jsLoopIdents marks every identifier that names a variable of a loop or
// iteration callback around it.
func jsLoopIdents(v *jsfacts.View) map[*ast.Identifier]bool {
	m := map[*ast.Identifier]bool{}
	js.Walk(v.Prog.AST, func(n ast.Node, parents []ast.Node) bool {
		if id, ok := n.(*ast.Identifier); ok && len(parents) > 0 {
			if jsLoopVars(v, parents)[id.Name.String()] {
				m[id] = true
			}
		}
		return true
	})
	return m
}

// jsIPPrefix matches the literal first three octets of an IPv4 network:
// "10.0.0", "192.168.1." (a full address from a list is not a sweep).
var jsIPPrefix = match.MustRx(`^(\d{1,3}\.){2}\d{1,3}\.?$`)

// jsSweptAddress reports a host expression whose value is built from a
// loop variable together with a literal IPv4 prefix, following names,
// helper parameters and the lists loops walk: the shape of an address
// sweep (`${range}.${i}` with range from ['192.168.1', '10.0.0']).
func jsSweptAddress(v *jsfacts.View, host ast.Expression, loopIdents map[*ast.Identifier]bool) (string, bool) {
	loop, prefix := false, ""
	v.Info.Reach(host, func(x ast.Expression) bool {
		if id, ok := x.(*ast.Identifier); ok && loopIdents[id] {
			loop = true
		}
		if prefix == "" {
			if s, ok := v.Info.Str(x); ok {
				if jsIPPrefix.MatchString(s) {
					prefix = s
				}
			} else if ss, ok := v.Info.Strs(x); ok {
				for _, s := range ss {
					if jsIPPrefix.MatchString(s) {
						prefix = s
						break
					}
				}
			}
		}
		return true
	})
	return prefix, loop && prefix != ""
}

// jsPrivateRange names the private or internal network a prefix is in.
func jsPrivateRange(prefix string) string {
	switch {
	case strings.HasPrefix(prefix, "10."), strings.HasPrefix(prefix, "192.168."):
		return ", a private network,"
	case strings.HasPrefix(prefix, "172."):
		if n := strings.SplitN(prefix, ".", 3)[1]; len(n) == 2 && n >= "16" && n <= "31" {
			return ", a private network,"
		}
	case strings.HasPrefix(prefix, "169.254."):
		return ", the link-local network,"
	case strings.HasPrefix(prefix, "100."):
		return ", a carrier-grade NAT or VPN range,"
	}
	return ""
}

// jsSweptThroughMethod handles a connection inside a class or object method
// (prober.check(ip, port)): the host is one of the method's parameters, and
// a call of a method by that name passes a swept address.
func jsSweptThroughMethod(v *jsfacts.View, host ast.Expression, parents []ast.Node, loopIdents map[*ast.Identifier]bool) (string, bool) {
	id, ok := host.(*ast.Identifier)
	if !ok {
		return "", false
	}
	name := id.Name.String()
	for i := len(parents) - 1; i >= 1; i-- {
		fn, ok := parents[i].(*ast.FunctionLiteral)
		if !ok || fn.ParameterList == nil {
			continue
		}
		idx := -1
		for j, b := range fn.ParameterList.List {
			if t, ok := b.Target.(*ast.Identifier); ok && t.Name.String() == name {
				idx = j
			}
		}
		if idx < 0 {
			continue // a closure: the name belongs to an outer function
		}
		var key ast.Expression
		switch m := parents[i-1].(type) {
		case *ast.MethodDefinition:
			key = m.Key
		case *ast.PropertyKeyed:
			key = m.Key
		}
		var method string
		switch k := key.(type) {
		case *ast.Identifier:
			method = k.Name.String()
		case *ast.StringLiteral:
			method = k.Value.String()
		}
		if method == "" {
			return "", false
		}
		for _, c := range v.Info.Calls() {
			if v.MemberKey(c.Callee) != method || idx >= len(c.ArgumentList) {
				continue
			}
			if prefix, ok := jsSweptAddress(v, c.ArgumentList[idx], loopIdents); ok {
				return prefix, true
			}
		}
		return "", false
	}
	return "", false
}

// jsWrittenDomain reports whether the host part before a URL template's
// first substitution is a whole domain name: labels joined by dots, the
// last one a top-level domain of letters (example.com). What follows it
// is a path, a query or a port. An address (10.0.0.${i}, 10.0.0.1${i}),
// a name cut short (host-${i}, ${i}.corp) or a trailing dot vary the host.
func jsWrittenDomain(host string) bool {
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	k := strings.LastIndexByte(host, '.')
	if k <= 0 || len(host)-k-1 < 2 {
		return false
	}
	for _, c := range host[k+1:] {
		if c < 'a' || c > 'z' {
			if c < 'A' || c > 'Z' {
				return false
			}
		}
	}
	return true
}
