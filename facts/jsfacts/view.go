// Package jsfacts is the facts layer for JavaScript and TypeScript. View
// bundles the parsed program, its binding index and the pass, and answers
// what rules ask about calls: the resolved callee, child_process and
// network calls, values that come from the network, decoders or sockets,
// paths and credential files, destinations, hidden callees, dangerous
// shell commands.
package jsfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	gopath "path"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/js"
)

// View bundles what the JS rules share: the program, its binding index
// and the pass to report through. Files that do not parse are SV006's.
type View struct {
	Pass *analyzer.Pass
	Prog *js.Program
	Info *js.Info
}

// Of returns the JS view of the pass's file, or nil when the file does
// not parse (SV006 reports those).
func Of(p *analyzer.Pass) *View {
	prog, err := p.JS()
	if err != nil {
		return nil
	}
	return &View{Pass: p, Prog: prog, Info: prog.Info()}
}

// Report reports at node n; nodes in esbuild's helper prelude are dropped.
func (v *View) Report(n ast.Node, sev analyzer.Severity, msg string) {
	start, end, ok := v.Prog.Range(n)
	if !ok {
		return
	}
	// keep findings on one line: the evidence is the first line
	if i := strings.IndexByte(string(v.Prog.Orig[start:end]), '\n'); i >= 0 {
		end = start + i
	}
	v.Pass.Report(analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
}

// Src is the parsed source text of n (esbuild's output for lowered files).
func (v *View) Src(n ast.Node) string { return v.Prog.Src(n) }

// Callee resolves a call's callee, normalising fs.promises to fs.
func (v *View) Callee(c *ast.CallExpression) string {
	return NormMod(v.Info.Resolve(c.Callee))
}

// NormMod normalises a resolved name: fs.promises.X becomes fs.X.
func NormMod(s string) string {
	s = strings.Replace(s, "module:fs.promises.", "module:fs.", 1)
	return s
}

// ChildProcessMods are the resolved names of the modules that start
// processes.
var ChildProcessMods = map[string]bool{"module:child_process": true, "module:spawn_sync": true}

// ChildProcessCall returns the child_process function a callee names
// ("exec", "spawn", ...), or "".
func ChildProcessCall(callee string) string {
	mod, fn, ok := strings.Cut(callee, ".")
	if !ok || !ChildProcessMods[mod] {
		switch callee {
		case "Bun.spawn", "Bun.spawnSync", "Deno.run", "module:shelljs.exec", "module:execa", "module:execa.execa",
			"module:execa.execaSync", "module:execa.execaCommand", "module:execa.command", "module:cross-spawn",
			"module:cross-spawn.sync", "module:zx.$":
			return callee
		}
		return ""
	}
	switch fn {
	case "exec", "execSync", "execFile", "execFileSync", "spawn", "spawnSync", "fork":
		return fn
	}
	return ""
}

// ShellDanger recognises shell commands that fetch and run code, open
// reverse shells or decode and run payloads.
var jsShellDangers = []struct {
	rx  *match.Rx
	why string
}{
	{match.MustRx(`(?i)\b(curl|wget|fetch)\b[^|;&]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b`), "pipes a download into a shell"},
	{match.MustRx(`(?i)\b(curl|wget)\b[^|;&]*\|\s*(sudo\s+)?(python[23]?|perl|ruby|node|php)\b`), "pipes a download into an interpreter"},
	{match.MustRx(`(?i)\b(ba|z|da)?sh\s+-c\s+["']?\$\(\s*(curl|wget)\b`), "runs the output of a download"},
	{match.MustRx(`(?i)\b(ba|z|da)?sh\s+<\(\s*(curl|wget)\b`), "runs a download through process substitution"},
	{match.MustRx(`/dev/(tcp|udp)/`), "opens a /dev/tcp reverse shell"},
	{match.MustRx(`(?i)\b(nc|ncat|netcat)\b[^|;&]*\s-[a-z]*[ec]\b`), "runs netcat with -e (reverse shell)"},
	{match.MustRx(`(?i)\bmkfifo\b.*\b(nc|ncat|netcat)\b`), "builds a netcat reverse shell over a fifo"},
	{match.MustRx(`(?i)base64\s+(-d|--decode|-D)\b[^;&]*\|\s*(sudo\s+)?(ba|z|da)?sh\b`), "decodes base64 into a shell"},
	{match.MustRx(`(?i)\b(iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring)\b.*\|\s*(iex|invoke-expression)\b`), "pipes a download into PowerShell"},
	{match.MustRx(`(?i)\bpowershell(\.exe)?\b.*\s-e(nc(odedcommand)?)?\s+[a-z0-9+/=]{16,}`), "runs an encoded PowerShell command"},
	{match.MustRx(`(?i)\b(curl|wget)\b.*(&&|;)\s*chmod\s+\+x\b`), "downloads a file and makes it executable"},
	{match.MustRx(`(?i)\bxattr\s+-[cd]\b`), "strips macOS quarantine attributes"},
	{match.MustRx(`(?i)\b(bash|sh)\s+-i\s*[>&]`), "starts an interactive shell redirected to a socket"},
}

// ShellDanger reports why a command string a shell will run is dangerous
// (download piped to a shell, reverse shell, quarantine removal, …).
func ShellDanger(cmd string) (string, bool) {
	for _, d := range jsShellDangers {
		if d.rx.MatchString(cmd) {
			return d.why, true
		}
	}
	return "", false
}

// Destructive matches commands that wipe the home or root directory or
// disks.
var Destructive = match.MustRx(`(?i)\brm\s+(-[a-z]*r[a-z]*f?[a-z]*|-[a-z]*f[a-z]*r[a-z]*)\s+(--no-preserve-root\s+)?("?(/|~|\$HOME|/\*|~/\*)"?)(\s|$|;|&)|\bmkfs(\.[a-z0-9]+)?\s+/dev/|\bdd\s+.*of=/dev/(sd|nvme|disk)|:\(\)\s*\{\s*:\|:&\s*\};:`)

var jsShellish = match.MustRx(`(?i)(^|[\s;&|(])(curl|wget|bash|sh|zsh|nc|ncat|chmod|powershell|python3?|perl|rm|sudo)\s`)

// LooksLikeShell reports a decoded string that reads like a command.
func LooksLikeShell(s string) bool { return jsShellish.MatchString(s) }

// Codeish matches text that reads like JavaScript code.
var Codeish = match.MustRx(`(require\s*\(|\beval\s*\(|\bFunction\s*\(|=>|\bfunction\b|\bimport\s*\(|process\.|child_process|\bfetch\s*\()`)

// PayloadDanger parses a decoded or constant string as JavaScript and
// says what it does that matters, or "" when it parses to nothing risky.
func PayloadDanger(code string) string {
	if len(code) > 1<<20 || !Codeish.MatchString(code) {
		return ""
	}
	prog, err := js.Parse("payload.js", []byte(code))
	if err != nil {
		return ""
	}
	in := prog.Info()
	for _, c := range in.Calls() {
		callee := NormMod(in.Resolve(c.Callee))
		switch {
		case ChildProcessCall(callee) != "":
			return "runs a process"
		case callee == "eval" || callee == "Function":
			return "evaluates more code"
		case IsNetCall(callee) != "":
			return "talks to the network"
		case callee == "require" || callee == "module:vm.runInThisContext" || callee == "module:vm.runInNewContext":
			if r := in.Resolve(c); r == "module:child_process" || r == "module:spawn_sync" {
				return "loads child_process"
			}
		}
	}
	var env bool
	js.Walk(prog.AST, func(n ast.Node, _ []ast.Node) bool {
		if e, ok := n.(ast.Expression); ok && !env && in.Resolve(e) == "process.env" {
			env = true
		}
		return !env
	})
	if env {
		return "reads the environment"
	}
	return ""
}

// IsNetCall names the network primitive a callee is, or "".
func IsNetCall(callee string) string {
	switch callee {
	case "fetch", "module:node-fetch", "module:undici.fetch", "module:undici.request", "module:cross-fetch",
		"module:axios", "module:axios.get", "module:axios.post", "module:axios.put", "module:axios.patch",
		"module:axios.request", "module:got", "module:got.get", "module:got.post", "module:got.put",
		"module:request", "module:request.get", "module:request.post", "module:needle", "module:needle.post",
		"module:superagent.post", "module:superagent.get", "module:phin",
		"module:http.request", "module:https.request", "module:http.get", "module:https.get",
		"module:http2.connect", "module:net.connect", "module:net.createConnection", "module:tls.connect",
		"module:dgram.createSocket", "module:dns.lookup", "module:dns.resolve", "module:dns.resolve4",
		"module:dns.resolveTxt", "module:dns.promises.lookup", "module:dns.promises.resolve",
		"module:ws", "WebSocket", "module:socket.io-client", "module:socket.io-client.io",
		"navigator.sendBeacon", "XMLHttpRequest", "EventSource":
		return callee
	}
	return ""
}

// jsIsDownload says whether a callee fetches remote content.
func jsIsDownload(callee string) bool {
	switch callee {
	case "module:net.connect", "module:net.createConnection", "module:tls.connect", "module:dgram.createSocket",
		"module:dns.lookup", "module:dns.resolve", "module:dns.resolve4", "navigator.sendBeacon":
		return false
	case "module:dns.resolveTxt":
		return true
	}
	return IsNetCall(callee) != ""
}

// Reaches reports whether any expression flowing into e satisfies pred,
// returning the first that does.
func (v *View) Reaches(e ast.Expression, pred func(ast.Expression) bool) ast.Expression {
	var hit ast.Expression
	v.Info.Reach(e, func(x ast.Expression) bool {
		if hit != nil {
			return false
		}
		if pred(x) {
			hit = x
			return false
		}
		return true
	})
	return hit
}

// pyfacts.FromNetwork reports whether e's value may come from a download.
//
// A number computed from a download (Math.ceil(metrics.height),
// parseInt(header), body.length) carries no code: the search does not go
// through numeric conversions.
func (v *View) FromNetwork(e ast.Expression) ast.Expression {
	var hit ast.Expression
	v.Info.Reach(e, func(x ast.Expression) bool {
		if hit != nil {
			return false
		}
		switch x := x.(type) {
		case *ast.CallExpression:
			callee := v.Callee(x)
			if jsNumeric[callee] {
				return false
			}
			if jsIsDownload(callee) {
				hit = x
				return false
			}
		case *ast.NewExpression:
			if jsIsDownload(NormMod(v.Info.Resolve(x.Callee))) {
				hit = x
				return false
			}
		case *ast.DotExpression:
			if x.Identifier.Name.String() == "length" {
				return false
			}
		case *ast.BinaryExpression:
			// arithmetic, bitwise and comparisons give numbers and
			// booleans; only + can join strings
			if x.Comparison || x.Operator != token.PLUS && x.Operator != token.LOGICAL_OR && x.Operator != token.LOGICAL_AND && x.Operator != token.COALESCE {
				return false
			}
		case *ast.UnaryExpression:
			return false // +x, -x, ~x, !x, x++, typeof x: no code passes

		}
		return true
	})
	return hit
}

// jsNumeric are the calls whose result is a number (or a boolean) whatever
// their argument.
var jsNumeric = map[string]bool{"Math.ceil": true, "Math.floor": true, "Math.round": true, "Math.trunc": true,
	"Math.abs": true, "Math.max": true, "Math.min": true, "Math.sqrt": true, "Math.pow": true, "Number": true,
	"parseInt": true, "parseFloat": true, "Number.parseInt": true, "Number.parseFloat": true, "isNaN": true,
	"Number.isFinite": true, "Number.isInteger": true, "Boolean": true}

// FromDecoder reports whether e's value may come from a decoder.
func (v *View) FromDecoder(e ast.Expression) ast.Expression {
	return v.Reaches(e, func(x ast.Expression) bool {
		c, ok := x.(*ast.CallExpression)
		if !ok {
			return false
		}
		return v.IsDecodeCall(c)
	})
}

// IsDecodeCall reports a call that decodes or unpacks data: atob,
// String.fromCharCode, unescape, zlib inflation, Buffer.from with a
// base64 or hex encoding, reverse() of a string's pieces.
func (v *View) IsDecodeCall(c *ast.CallExpression) bool {
	switch v.Callee(c) {
	case "atob", "String.fromCharCode", "String.fromCodePoint", "unescape", "module:zlib.inflateSync",
		"module:zlib.gunzipSync", "module:zlib.brotliDecompressSync", "module:zlib.inflateRawSync":
		return true
	case "Buffer.from":
		if len(c.ArgumentList) > 1 {
			if enc, ok := v.Info.Str(c.ArgumentList[1]); ok && (enc == "base64" || enc == "hex" || enc == "base64url") {
				return true
			}
		}
	}
	if dot, ok := c.Callee.(*ast.DotExpression); ok {
		switch dot.Identifier.Name.String() {
		case "reverse":
			return v.charSequence(dot.Left, 0)
		}
	}
	return false
}

// charSequence reports an array that holds the pieces of a string, whose
// reverse() (then join) decodes reversed text: s.split(""), Array.from(s),
// [...s], an array literal, or a variable bound to one of these. A list
// of records reversed for display order (this.ancestors().reverse()) is
// not a decoder.
func (v *View) charSequence(e ast.Expression, depth int) bool {
	switch x := e.(type) {
	case *ast.ArrayLiteral:
		return true
	case *ast.CallExpression:
		if v.Callee(x) == "Array.from" {
			return true
		}
		if dot, ok := x.Callee.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "split" {
			return true
		}
	case *ast.Identifier:
		if depth >= 3 {
			return false
		}
		for _, d := range v.Info.Defs(x) {
			if d.Init != nil && len(d.Path) == 0 && !d.Param && v.charSequence(d.Init, depth+1) {
				return true
			}
		}
	}
	return false
}

// PathStr evaluates a file path, folding home-directory expressions
// (os.homedir(), process.env.HOME, Bun.env.HOME,
// Deno.env.get("HOME"), ~) to "~"; of a || b and a ?? b, the first that
// evaluates.
func (v *View) PathStr(e ast.Expression) (string, bool) { return v.pathStrD(e, 0) }

// ArgWord is one element of a process call's argument list: its value as
// a string constant (Str) or else as a path (PathStr), whether either
// resolved it, and whether it was a plain string constant.
type ArgWord struct {
	Expr    ast.Expression
	Value   string
	OK      bool // Str or PathStr resolved it
	Literal bool // Str resolved it (a constant string, not a path)
}

// ArgWords returns the elements of an argument-list literal
// (execFileSync(prog, [a, b])), nil for anything else.
func (v *View) ArgWords(e ast.Expression) []ArgWord {
	al, ok := e.(*ast.ArrayLiteral)
	if !ok {
		return nil
	}
	out := make([]ArgWord, 0, len(al.Value))
	for _, a := range al.Value {
		w := ArgWord{Expr: a}
		if w.Value, w.OK = v.Info.Str(a); w.OK {
			w.Literal = true
		} else {
			w.Value, w.OK = v.PathStr(a)
		}
		out = append(out, w)
	}
	return out
}

func (v *View) pathStrD(e ast.Expression, d int) (string, bool) {
	if e == nil || d > 24 {
		return "", false
	}
	if s, ok := v.Info.Str(e); ok {
		return s, true
	}
	switch r := v.Info.Resolve(e); r {
	case "process.env.HOME", "process.env.USERPROFILE", "process.env.HOMEPATH", "Bun.env.HOME":
		return "~", true
	case "process.env.APPDATA":
		return "~/AppData/Roaming", true
	case "process.env.LOCALAPPDATA":
		return "~/AppData/Local", true
	}
	switch x := e.(type) {
	case *ast.CallExpression:
		switch callee := v.Callee(x); callee {
		case "module:os.homedir":
			return "~", true
		case "Deno.env.get", "Deno.env.get.call":
			if len(x.ArgumentList) == 1 {
				if k, ok := v.Info.Str(x.ArgumentList[0]); ok && (k == "HOME" || k == "USERPROFILE") {
					return "~", true
				}
			}
		case "module:path.join", "module:path.resolve", "module:path.posix.join", "module:path.win32.join":
			var parts []string
			for _, a := range x.ArgumentList {
				s, ok := v.pathStrD(a, d+1)
				if !ok {
					s = "*"
				}
				parts = append(parts, s)
			}
			return strings.Join(parts, "/"), len(parts) > 0
		}
	case *ast.BinaryExpression:
		l, ok1 := v.pathStrD(x.Left, d+1)
		r, ok2 := v.pathStrD(x.Right, d+1)
		if x.Operator == token.LOGICAL_OR || x.Operator == token.COALESCE {
			// process.env.HOME || os.homedir(): one of them, not both
			if ok1 {
				return l, true
			}
			return r, ok2
		}
		if ok1 || ok2 {
			if !ok1 {
				l = "*"
			}
			if !ok2 {
				r = "*"
			}
			return l + r, true
		}
	case *ast.TemplateLiteral:
		if x.Tag != nil {
			return "", false
		}
		var b strings.Builder
		for i, el := range x.Elements {
			b.WriteString(el.Parsed.String())
			if i < len(x.Expressions) {
				s, ok := v.pathStrD(x.Expressions[i], d+1)
				if !ok {
					s = "*"
				}
				b.WriteString(s)
			}
		}
		return b.String(), true
	case *ast.Identifier:
		if def := v.Info.SingleDef(x); def != nil && def.Init != nil && !def.Param && len(def.Path) == 0 {
			return v.pathStrD(def.Init, d+1)
		}
	}
	return "", false
}

// jsCredentialPath matches a path against the shared credential list.
func jsCredentialPath(path string) (string, bool) {
	path = strings.ReplaceAll(path, "\\", "/")
	for strings.Contains(path, "//") {
		path = strings.ReplaceAll(path, "//", "/")
	}
	label, _, _, ok := intel.MatchCredentialPath(path)
	if ok && label == "SSH keys" && intel.PublicSSHMaterial(gopath.Clean(path)) {
		// known_hosts, authorized_keys, a *.pub key: public material,
		// not a key (the path cleaned, so known_hosts/../id_rsa is one)
		return "", false
	}
	return label, ok
}

var jsFsReadFns = map[string]bool{
	"module:fs.readFileSync": true, "module:fs.readFile": true, "module:fs.createReadStream": true,
	"module:fs.promises.readFile": true, "module:fs.openSync": true, "module:fs.open": true,
	"module:fs-extra.readFile": true, "module:fs-extra.readFileSync": true, "module:fs-extra.readJson": true,
	"module:fs-extra.readJsonSync": true, "module:fs.cpSync": true, "module:fs.copyFileSync": true,
	"module:fs.copyFile": true, "Bun.file": true, "Deno.readTextFile": true, "Deno.readFile": true,
}

var jsFsListFns = map[string]bool{
	"module:fs.readdirSync": true, "module:fs.readdir": true, "module:fs.opendirSync": true,
	"module:fs.opendir": true, "module:glob": true, "module:glob.sync": true, "module:glob.glob": true,
	"module:fast-glob": true, "module:fast-glob.sync": true, "module:globby": true,
}

// CredRead reports a credential-file read: the call reads a path that
// matches the shared credential list.
func (v *View) CredRead(c *ast.CallExpression) (string, bool) {
	if !jsFsReadFns[v.Callee(c)] || len(c.ArgumentList) == 0 {
		return "", false
	}
	return v.credPathArg(c)
}

// CredList reports a directory listing of a credential store (a browser
// extension's settings, a wallet directory): the step before reading each
// file in it.
func (v *View) CredList(c *ast.CallExpression) (string, bool) {
	if !jsFsListFns[v.Callee(c)] || len(c.ArgumentList) == 0 {
		return "", false
	}
	return v.credPathArg(c)
}

// credPathArg matches the path argument of c against the credential list.
func (v *View) credPathArg(c *ast.CallExpression) (string, bool) {
	path, ok := v.PathStr(c.ArgumentList[0])
	if ok {
		if label, ok := jsCredentialPath(path); ok && label != "browser profile" {
			return label, true
		}
	}
	if !ok || strings.Contains(path, "*") || path != "" && jsIsBrowserProfile(path) {
		// a path built in a loop over a list: look for credential paths
		// among the strings flowing into it; a browser profile directory
		// is the least specific label, so keep looking past it
		label, _ := jsCredentialPath(path)
		better := func(l string) {
			if label == "" || label == "browser profile" {
				label = l
			}
		}
		v.Info.Reach(c.ArgumentList[0], func(x ast.Expression) bool {
			if label != "" && label != "browser profile" {
				return false
			}
			if s, ok := v.Info.Str(x); ok {
				if l, ok := jsCredentialPath(s); ok {
					better(l)
				}
			} else if ss, ok := v.Info.Strs(x); ok {
				for _, s := range ss {
					if l, ok := jsCredentialPath(s); ok {
						better(l)
					}
				}
			}
			return true
		})
		return label, label != ""
	}
	return "", false
}

// HomeWalk reports a directory listing of the home directory.
func (v *View) HomeWalk(c *ast.CallExpression) bool {
	if !jsFsListFns[v.Callee(c)] || len(c.ArgumentList) == 0 {
		return false
	}
	path, ok := v.PathStr(c.ArgumentList[0])
	if ok && (path == "~" || path == "~/" || strings.HasPrefix(path, "~/*")) {
		return true
	}
	if ok && !strings.HasPrefix(path, "*") {
		return false
	}
	// a recursive walker: walk(dir) { readdirSync(dir) … walk(join(dir, e)) }
	// started at the home directory
	home := false
	v.Info.Reach(c.ArgumentList[0], func(x ast.Expression) bool {
		if home {
			return false
		}
		switch x.(type) {
		case *ast.CallExpression, *ast.TemplateLiteral, *ast.BinaryExpression, *ast.DotExpression:
			s, ok := v.PathStr(x)
			switch {
			case !ok || strings.HasPrefix(s, "*"):
				return true // built from the walker's own variables
			case s == "~" || s == "~/":
				home = true
			}
			return false // a constant or a subdirectory: not the home root
		}
		return true
	})
	return home
}

// jsCredNameTokens are file and directory names a secret hunter looks for.
var jsCredNameTokens = []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".env", ".npmrc", ".pypirc", ".netrc",
	".pem", "credentials", ".git-credentials", ".kdbx", "wallet.dat", ".aws", ".ssh", ".pgpass", ".p12", "keystore"}

// CredNameHunt reports a file that matches names against several credential
// file names (a regular expression, or a list of bare names): what a walker
// uses to pick secrets out of a directory tree. Paths it reads directly
// are not names. It returns the names found.
func (v *View) CredNameHunt() []string {
	found := map[string]bool{}
	add := func(s string) {
		s = strings.ToLower(strings.ReplaceAll(s, "\\", ""))
		// id_(rsa|ed25519) spells the names without their prefix
		s = strings.ReplaceAll(s, "id_(", "id_")
		for _, t := range jsCredNameTokens {
			if strings.Contains(s, t) {
				found[t] = true
			}
		}
	}
	v.EachNode(func(n ast.Node) {
		switch x := n.(type) {
		case *ast.RegExpLiteral:
			add(x.Pattern)
		case *ast.ArrayLiteral:
			// a list of bare file names (not paths to read)
			var names []string
			for _, e := range x.Value {
				sl, ok := e.(*ast.StringLiteral)
				if !ok || strings.ContainsAny(sl.Value.String(), "/\\") {
					return
				}
				names = append(names, sl.Value.String())
			}
			for _, n := range names {
				add(n)
			}
		}
	})
	var out []string
	for _, t := range jsCredNameTokens {
		if found[t] {
			out = append(out, t)
		}
	}
	return out
}

// urlOf evaluates the constant prefix of a URL argument.
func (v *View) urlOf(e ast.Expression) (string, bool) {
	if s, ok := v.Info.Str(e); ok {
		return s, true
	}
	switch x := e.(type) {
	case *ast.TemplateLiteral:
		// the constant prefix: elements and substitutions up to the first
		// one that is not constant
		if x.Tag == nil && len(x.Elements) > 0 {
			var b strings.Builder
			for i, el := range x.Elements {
				b.WriteString(el.Parsed.String())
				if i >= len(x.Expressions) {
					break
				}
				s, ok := v.urlOf(x.Expressions[i])
				if !ok {
					break
				}
				b.WriteString(s)
			}
			s := b.String()
			return s, jsHasURLHost(s)
		}
	case *ast.BinaryExpression:
		if x.Operator == token.LOGICAL_OR || x.Operator == token.COALESCE {
			// process.env.BASE_URL || 'https://api.vendor.com': the default
			if s, ok := v.urlOf(x.Left); ok {
				return s, true
			}
			return v.urlOf(x.Right)
		}
		if s, ok := v.urlOf(x.Left); ok {
			return s, jsHasURLHost(s)
		}
	case *ast.Identifier:
		if def := v.Info.SingleDef(x); def != nil && def.Init != nil && !def.Param && len(def.Path) == 0 {
			return v.urlOf(def.Init)
		}
	case *ast.NewExpression:
		if v.Info.Resolve(x.Callee) == "module:url.URL" || jsIsIdent(x.Callee, "URL") {
			if len(x.ArgumentList) == 2 {
				return v.urlOf(x.ArgumentList[1])
			}
			if len(x.ArgumentList) == 1 {
				return v.urlOf(x.ArgumentList[0])
			}
		}
	}
	return "", false
}

// jsHasURLHost reports a URL prefix whose host is complete.
func jsHasURLHost(s string) bool {
	_, rest, ok := strings.Cut(s, "://")
	return ok && strings.ContainsAny(rest, "/?#")
}

func jsIsIdent(e ast.Expression, name string) bool {
	id, ok := e.(*ast.Identifier)
	return ok && id.Name.String() == name
}

// ObjProp returns the value of a constant-keyed property of an object
// literal (following a single binding).
func (v *View) ObjProp(e ast.Expression, key string) ast.Expression {
	if id, ok := e.(*ast.Identifier); ok {
		if def := v.Info.SingleDef(id); def != nil && def.Init != nil && len(def.Path) == 0 {
			e = def.Init
		}
	}
	ol, ok := e.(*ast.ObjectLiteral)
	if !ok {
		return nil
	}
	for _, p := range ol.Value {
		switch p := p.(type) {
		case *ast.PropertyKeyed:
			k := ""
			if id, ok := p.Key.(*ast.Identifier); ok && !p.Computed {
				k = id.Name.String()
			} else if s, ok := v.Info.Str(p.Key); ok {
				k = s
			}
			if k == key {
				return p.Value
			}
		case *ast.PropertyShort:
			if p.Name.Name.String() == key {
				id := p.Name
				return &id
			}
		}
	}
	return nil
}

// Destination describes where a network call goes: the URL or host when
// constant, and its class.
type Destination struct {
	Host  string
	URL   string
	Class intel.HostClass
	Known bool // host is constant
	HTTPS bool
}

// Dest returns where network call c (resolved callee callee) sends to:
// a constant URL argument, an options object's url/hostname/host, or the
// host argument of net and tls connections.
func (v *View) Dest(c *ast.CallExpression, callee string) Destination {
	var d Destination
	if len(c.ArgumentList) == 0 {
		return d
	}
	a0 := c.ArgumentList[0]
	if u, ok := v.urlOf(a0); ok && strings.Contains(u, "://") {
		d.URL = u
		d.Host, d.Class = intel.URLClass(u)
		d.Known = d.Host != ""
		d.HTTPS = strings.HasPrefix(strings.ToLower(u), "https://") || strings.HasPrefix(strings.ToLower(u), "wss://")
		return d
	}
	// options objects: {hostname, host, url}, and net.connect(port, host)
	for _, k := range []string{"url", "hostname", "host"} {
		if pv := v.ObjProp(a0, k); pv != nil {
			if s, ok := v.urlOf(pv); ok {
				return v.HostDest(s, strings.HasPrefix(callee, "module:https.") || strings.HasPrefix(callee, "module:tls."))
			}
		}
	}
	if len(c.ArgumentList) > 1 && (strings.HasPrefix(callee, "module:net.") || strings.HasPrefix(callee, "module:tls.")) {
		if s, ok := v.Info.Str(c.ArgumentList[1]); ok {
			return v.HostDest(s, strings.HasPrefix(callee, "module:tls."))
		}
	}
	return d
}

// HostDest describes a destination written as a URL or a bare host; tls
// says whether a bare host is reached over TLS.
func (v *View) HostDest(s string, tls bool) Destination {
	var d Destination
	if strings.Contains(s, "://") {
		d.URL = s
		d.Host, d.Class = intel.URLClass(s)
		d.HTTPS = strings.HasPrefix(strings.ToLower(s), "https://")
	} else {
		d.Host = s
		d.Class = intel.ClassifyHost(s)
		d.HTTPS = tls
	}
	d.Known = d.Host != ""
	return d
}

// CalleeHidden reports a callee reached through a computed member whose
// key is assembled, escaped or decoded (cp['ex'+'ec'], g['\x65val']),
// following single-definition aliases.
func (v *View) CalleeHidden(e ast.Expression) bool {
	for i := 0; i < 16 && e != nil; i++ {
		switch x := e.(type) {
		case *ast.BracketExpression:
			if v.Info.Hidden(x.Member) {
				return true
			}
			e = x.Left
		case *ast.DotExpression:
			e = x.Left
		case *ast.CallExpression:
			if len(x.ArgumentList) > 0 && v.Info.Hidden(x.ArgumentList[0]) {
				if r := v.Info.Resolve(x.Callee); r == "require" || r == "process.binding" {
					return true
				}
			}
			e = x.Callee
		case *ast.SequenceExpression:
			if len(x.Sequence) == 0 {
				return false
			}
			e = x.Sequence[len(x.Sequence)-1]
		case *ast.Identifier:
			def := v.Info.SingleDef(x)
			if def == nil || def.Init == nil || def.Param {
				return false
			}
			e = def.Init
		default:
			return false
		}
	}
	return false
}

// EachNode calls fn for every node of the program, in Walk's order, from
// the list the binding index recorded (no walk of the tree).
func (v *View) EachNode(fn func(ast.Node)) {
	for _, n := range v.Info.Nodes() {
		fn(n)
	}
}

// WalkNodes calls fn for every node under root (for the whole program,
// View.EachNode costs less).
func WalkNodes(root ast.Node, fn func(ast.Node)) {
	js.Walk(root, func(n ast.Node, _ []ast.Node) bool { fn(n); return true })
}

// EffectiveCall resolves a call's target and arguments through
// f.call(this, ...args), f.apply(this, [args]) and Reflect.apply(f, this,
// [args]).
func (v *View) EffectiveCall(c *ast.CallExpression) (string, []ast.Expression) {
	callee := v.Callee(c)
	args := c.ArgumentList
	switch {
	case callee == "Reflect.apply" && len(args) == 3:
		return NormMod(v.Info.Resolve(args[0])), jsArrayArgs(args[2])
	case strings.HasSuffix(callee, ".call"):
		if len(args) > 0 {
			args = args[1:]
		}
		return strings.TrimSuffix(callee, ".call"), args
	case strings.HasSuffix(callee, ".apply"):
		if len(args) > 1 {
			return strings.TrimSuffix(callee, ".apply"), jsArrayArgs(args[1])
		}
		return strings.TrimSuffix(callee, ".apply"), nil
	}
	return callee, args
}

func jsArrayArgs(e ast.Expression) []ast.Expression {
	if al, ok := e.(*ast.ArrayLiteral); ok {
		return al.Value
	}
	return nil
}

func jsIsBrowserProfile(path string) bool {
	l, ok := jsCredentialPath(path)
	return ok && l == "browser profile"
}

// ShellDangerOf follows e to the constant strings it may hold and returns
// why the first one that is a dangerous shell command is dangerous, or "".
func (v *View) ShellDangerOf(e ast.Expression) string {
	var why string
	v.Info.Reach(e, func(x ast.Expression) bool {
		if why != "" {
			return false
		}
		if s, ok := v.Info.Str(x); ok {
			if w, bad := ShellDanger(s); bad {
				why = w
			}
			return false
		}
		return true
	})
	return why
}

// MemberKey names the member a callee accesses (dot or constant bracket).
func (v *View) MemberKey(e ast.Expression) string {
	switch x := e.(type) {
	case *ast.DotExpression:
		return x.Identifier.Name.String()
	case *ast.BracketExpression:
		s, _ := v.Info.Str(x.Member)
		return s
	}
	return ""
}
