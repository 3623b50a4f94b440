package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/parse/rxlit"
	"mvdan.cc/sh/v3/syntax"
)

// word resolves a word; substitutions in it become commands whose parent
// is owner.
func (b *builder) word(w *syntax.Word, owner int) Word {
	out := Word{Const: true, Start: b.pos(w.Pos()), End: b.end(w.End()), Raw: b.raw(w), exact: b.m.exact}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.Contains(l.Value, "\\") {
			out.Value = l.Value // the common case: no copy
			return out
		}
	}
	var sb strings.Builder
	b.parts(w.Parts, owner, &out, &sb, false)
	out.Value = sb.String()
	return out
}

func (b *builder) parts(ps []syntax.WordPart, owner int, out *Word, sb *strings.Builder, dq bool) {
	for _, p := range ps {
		switch p := p.(type) {
		case *syntax.Lit:
			sb.WriteString(unescapeLit(p.Value, dq))
		case *syntax.SglQuoted:
			if p.Dollar {
				v, esc := ansiC(p.Value)
				out.Escaped = out.Escaped || esc
				sb.WriteString(v)
			} else {
				sb.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			b.parts(p.Parts, owner, out, sb, true)
		case *syntax.ParamExp:
			if p.Param != nil && b.a.isTainted(p.Param.Value) {
				out.Tainted = true
			}
			if p.Param != nil && b.a.outVars[p.Param.Value] {
				out.Subst = true
			}
			if v, ok := b.a.loops[paramName(p)]; ok && p.Param != nil && p.Slice == nil && p.Repl == nil {
				out.Const = false // one of several values: keep them all for matching
				sb.WriteString(v)
			} else if v, ok, sliced := b.param(p); ok {
				sb.WriteString(v)
				out.Sliced = out.Sliced || sliced
			} else if v, ok := b.a.partial[paramName(p)]; ok && p.Slice == nil && p.Repl == nil {
				out.Const = false
				sb.WriteString(v)
			} else {
				out.Const = false
				sb.WriteString(b.raw(p))
			}
		case *syntax.CmdSubst:
			out.Subst = true
			ids := b.sub(p.Stmts, ViaSubst, owner)
			if v, ok := b.a.output(ids); ok {
				sb.WriteString(strings.TrimRight(v, "\n"))
			} else {
				out.Const = false
				sb.WriteString(b.raw(p))
			}
		case *syntax.ProcSubst:
			out.Subst = true
			out.Const = false
			b.sub(p.Stmts, ViaProcSubst, owner)
			sb.WriteString(b.raw(p))
		default:
			out.Const = false
			sb.WriteString(b.raw(p))
		}
	}
}

func paramName(p *syntax.ParamExp) string {
	if p.Param == nil || p.Excl || p.Length || p.Index != nil || p.NestedParam != nil || p.Exp != nil {
		return ""
	}
	return p.Param.Value
}

// maxPartial bounds a partly known value kept for later expansion.
const maxPartial = 4096

var untrustedNameRx = rxlit.MustRx(`(?i)^(user_\w+|(\w+_)?(input|query|question|prompt|message|request|search_term|payload)(_\w+)?)$`)

// isTainted reports whether a variable holds untrusted input: the
// script's arguments (outside functions), what read stored, variables
// assigned from those, and variables named like user input.
func (a *analysis) isTainted(name string) bool {
	switch {
	case name == "@" || name == "*" || len(name) == 1 && name[0] >= '1' && name[0] <= '9':
		return a.funcDepth == 0
	case a.tainted[name]:
		return true
	}
	_, known := a.vars[name]
	return !known && untrustedNameRx.MatchString(name)
}

// param resolves $VAR, ${VAR}, ${VAR:off:len} and ${VAR/x/y} of known
// constants.
func (b *builder) param(p *syntax.ParamExp) (string, bool, bool) {
	if p.Param == nil || p.Excl || p.Length || p.Index != nil || p.NestedParam != nil || p.Exp != nil {
		return "", false, false
	}
	v, ok := b.a.vars[p.Param.Value]
	if !ok {
		return "", false, false
	}
	switch {
	case p.Slice != nil:
		off, ok1 := arithLit(p.Slice.Offset)
		if !ok1 {
			return "", false, false
		}
		if off < 0 {
			off += len(v)
		}
		if off < 0 || off > len(v) {
			return "", true, true
		}
		v = v[off:]
		if p.Slice.Length != nil {
			n, ok2 := arithLit(p.Slice.Length)
			if !ok2 {
				return "", false, false
			}
			if n < 0 {
				n += len(v)
			}
			if n >= 0 && n < len(v) {
				v = v[:n]
			}
		}
		return v, true, true
	case p.Repl != nil:
		if p.Repl.Orig == nil {
			return "", false, false
		}
		orig := p.Repl.Orig.Lit()
		with := ""
		if p.Repl.With != nil {
			with = p.Repl.With.Lit()
		}
		if !p.Repl.All && len(orig) > 1 && (orig[0] == '#' || orig[0] == '%') {
			// ${v/#pat/rep}, ${v/%pat/rep}: the pattern anchored at the
			// start or the end
			pat := orig[1:]
			if strings.ContainsAny(pat, "*?[") {
				return "", false, false
			}
			if orig[0] == '#' && strings.HasPrefix(v, pat) {
				return with + v[len(pat):], true, true
			}
			if orig[0] == '%' && strings.HasSuffix(v, pat) {
				return v[:len(v)-len(pat)] + with, true, true
			}
			return v, true, true
		}
		if orig == "" || strings.ContainsAny(orig, "*?[") {
			return "", false, false
		}
		if p.Repl.All {
			return strings.ReplaceAll(v, orig, with), true, true
		}
		return strings.Replace(v, orig, with, 1), true, true
	}
	return v, true, false
}

func arithLit(e syntax.ArithmExpr) (int, bool) {
	switch e := e.(type) {
	case *syntax.Word:
		n, err := strconv.Atoi(e.Lit())
		return n, err == nil
	case *syntax.UnaryArithm:
		if w, ok := e.X.(*syntax.Word); ok && e.Op == syntax.Minus {
			n, err := strconv.Atoi(w.Lit())
			return -n, err == nil
		}
	case *syntax.ParenArithm:
		return arithLit(e.X)
	}
	return 0, false
}

// unescapeLit removes backslash escapes from literal text.
func unescapeLit(s string, dq bool) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		n := s[i+1]
		if dq && !strings.ContainsRune("$`\"\\\n", rune(n)) {
			sb.WriteByte(c)
			continue
		}
		i++
		if n != '\n' {
			sb.WriteByte(n)
		}
	}
	return sb.String()
}

// ansiC decodes $'…' escapes; esc reports hex, octal or unicode escapes.
func ansiC(s string) (string, bool) {
	var sb strings.Builder
	esc := false
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case 'a':
			sb.WriteByte(7)
		case 'b':
			sb.WriteByte(8)
		case 'e', 'E':
			sb.WriteByte(27)
		case 'f':
			sb.WriteByte(12)
		case 'v':
			sb.WriteByte(11)
		case 'x':
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				sb.WriteString("\\x")
				continue
			}
			v, _ := strconv.ParseUint(s[i+1:j], 16, 8)
			sb.WriteByte(byte(v))
			esc = true
			i = j - 1
		case 'u', 'U':
			maxd := 4
			if c == 'U' {
				maxd = 8
			}
			j := i + 1
			for j < len(s) && j < i+1+maxd && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				sb.WriteByte('\\')
				sb.WriteByte(c)
				continue
			}
			v, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			sb.WriteRune(rune(v))
			esc = true
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 8)
			sb.WriteByte(byte(v))
			esc = true
			i = j - 1
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), esc
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// output returns the text written by the last command of a substitution
// when it can be computed.
func (a *analysis) output(ids []int) (string, bool) {
	for i := len(ids) - 1; i >= 0; i-- {
		c := a.s.Commands[ids[i]]
		if c.assign || c.PipeNext >= 0 {
			continue
		}
		return c.Output, c.OutputKnown
	}
	return "", false
}

// post computes literal outputs for commands from index first on and
// parses text piped into shells.
func (a *analysis) post(first int) {
	for i := first; i < len(a.s.Commands); i++ {
		c := a.s.Commands[i]
		if c.processed {
			continue
		}
		c.processed = true
		if c.assign || len(c.Argv) == 0 {
			continue
		}
		a.computeOutput(c)
		if c.Depth < MaxDepth && IsShell(c.Name) && readsStdin(c.Argv) {
			if in, ok := a.stdin(c); ok && utf8.ValidString(in) {
				head := c
				for head.PipePrev >= 0 {
					head = a.s.Commands[head.PipePrev]
				}
				a.parseText(in, mapper{base: head.Start, end: c.End}, c.Depth+1, ViaStdin, i, false)
			}
		}
		if c.Depth < MaxDepth {
			if body, ok := scriptBody(c); ok {
				m := mapper{base: body.Start, end: body.End, exact: body.exact && strings.HasPrefix(body.Raw, body.Value)}
				a.parseText(body.Value, m, c.Depth+1, ViaScriptFile, i, false)
			} else if text, ok := scriptPrinted(c); ok {
				// printf '#!/bin/sh\ncurl … | sh\n' > .git/hooks/pre-commit:
				// the script is the printed text; positions map to the command
				a.parseText(text, mapper{base: c.Start, end: c.End}, c.Depth+1, ViaScriptFile, i, false)
			}
			if ss := a.writtenConfig(c); len(ss) > 0 {
				n := len(c.Settings)
				c.Settings = append(c.Settings, ss...)
				a.parseStored(c, i, c.Depth, n)
			}
		}
	}
}

var scriptFileRx = rxlit.MustRx(`(?i)(\.(sh|bash|zsh|ksh|command)$|(^|/)\.(bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc)$|/cron|/bin/|/rc\.local$|/profile\.d/|(^|/)(\.git/hooks|\.githooks|\.husky|hooks)/(pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-rewrite|post-checkout|post-merge|pre-push|pre-auto-gc|post-applypatch|pre-applypatch|applypatch-msg|pre-receive|update|post-receive|post-update|push-to-checkout|reference-transaction|sendemail-validate|fsmonitor-watchman)$)`)

// scriptBody returns the constant here-document a command writes to a
// shell script or start-up file (cat > x.sh <<'EOF', cat >> ~/.bashrc
// <<EOF, tee x.sh <<EOF), or one that starts with a shell shebang.
func scriptBody(c *Command) (*Word, bool) {
	var body *Word
	for i := range c.Redirs {
		if c.Redirs[i].Body != nil {
			body = c.Redirs[i].Body
		}
	}
	if body == nil || !body.Const {
		return nil, false
	}
	return body, shellShebang(body.Value) || writesScript(c, c.Name == "tee")
}

// scriptPrinted returns the literal text echo or printf writes (>, >>) to
// a shell script, start-up file or git hook, or that starts with a shell
// shebang.
func scriptPrinted(c *Command) (string, bool) {
	if c.Name != "echo" && c.Name != "printf" || !c.OutputKnown || c.Output == "" || !writesScript(c, false) && !shellShebang(c.Output) {
		return "", false
	}
	for _, r := range c.Redirs {
		if r.Op == ">" || r.Op == ">>" || r.Op == ">|" {
			return c.Output, true
		}
	}
	return "", false
}

// shellShebang reports text whose first line is a shell's #! line.
func shellShebang(text string) bool {
	return strings.HasPrefix(text, "#!") && strings.Contains(strings.SplitN(text, "\n", 2)[0], "sh")
}

// writesScript reports a command that writes (>, >>, >|, or as tee's
// arguments) a path scriptFileRx names.
func writesScript(c *Command, teeArgs bool) bool {
	for _, r := range c.Redirs {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && scriptFileRx.MatchString(r.Target.Value) {
			return true
		}
	}
	if teeArgs {
		for _, w := range c.Params() {
			if scriptFileRx.MatchString(w.Value) {
				return true
			}
		}
	}
	return false
}

// readsStdin reports whether a shell invocation runs its script from stdin.
func readsStdin(argv []Word) bool {
	for i := 1; i < len(argv); i++ {
		a := argv[i].Value
		switch {
		case a == "-" || a == "-s" || a == "--":
			return true
		case strings.HasPrefix(a, "-") && strings.Contains(a, "c") && !strings.HasPrefix(a, "--"):
			return false
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			continue
		default:
			return false // a script file
		}
	}
	return true
}

// stdin returns the literal text on a command's standard input.
func (a *analysis) stdin(c *Command) (string, bool) {
	for _, r := range c.Redirs {
		switch r.Op {
		case "<<<":
			if r.Target.Const {
				return r.Target.Value + "\n", true
			}
			return "", false
		case "<<", "<<-":
			if r.Body != nil && r.Body.Const {
				return r.Body.Value, true
			}
			return "", false
		case "<":
			return "", false
		}
	}
	if c.PipePrev >= 0 {
		p := a.s.Commands[c.PipePrev]
		return p.Output, p.OutputKnown
	}
	return "", false
}

func (a *analysis) computeOutput(c *Command) {
	args := c.Argv[1:]
	allConst := true
	for _, w := range args {
		allConst = allConst && w.Const
	}
	set := func(s string) { c.Output, c.OutputKnown = s, true }
	switch c.Name {
	case "echo":
		if !allConst {
			return
		}
		interp, nl := false, true
		for len(args) > 0 && isEchoFlag(args[0].Value) {
			interp = interp || strings.Contains(args[0].Value, "e")
			nl = nl && !strings.Contains(args[0].Value, "n")
			args = args[1:]
		}
		var parts []string
		for _, w := range args {
			parts = append(parts, w.Value)
		}
		s := strings.Join(parts, " ")
		if interp {
			s, _ = ansiC(s)
		}
		if nl {
			s += "\n"
		}
		set(s)
	case "printf":
		if !allConst || len(args) == 0 {
			return
		}
		f := args[0].Value
		if f == "%s" || f == "%s\\n" || f == "%b" {
			var parts []string
			for _, w := range args[1:] {
				parts = append(parts, w.Value)
			}
			s := strings.Join(parts, "")
			if f == "%b" {
				s, _ = ansiC(s)
			}
			set(s)
			return
		}
		if strings.Contains(strings.ReplaceAll(strings.ReplaceAll(f, "%%", ""), "%s", ""), "%") {
			return // another directive (%d, %q, %-10s): not computed
		}
		set(printfStrings(f, args[1:]))
	case "cat":
		if len(args) == 0 {
			if in, ok := a.stdin(c); ok {
				set(in)
			}
		}
	case "rev":
		if len(args) == 0 {
			if in, ok := a.stdin(c); ok {
				set(reverseLines(in))
			}
		}
	case "base64", "openssl", "b64", "basenc":
		if !IsBase64Decode(c) {
			return
		}
		if in, ok := a.stdin(c); ok {
			if d, ok := DecodeBase64(in); ok {
				c.Decoded = d
				set(d)
			}
		}
	case "xxd":
		if !hasFlags(args, "r") || !hasFlags(args, "p") {
			return
		}
		if in, ok := a.stdin(c); ok {
			if d, ok := DecodeHex(in); ok {
				c.Decoded = d
				set(d)
			}
		}
	}
}

func isEchoFlag(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c != 'n' && c != 'e' && c != 'E' {
			return false
		}
	}
	return true
}

// hasFlags reports whether any short-flag word holds letter l.
func hasFlags(args []Word, l string) bool {
	for _, w := range args {
		v := w.Value
		if strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v[1:], l) {
			return true
		}
	}
	return false
}

// IsBase64Decode recognises base64 -d/-D/--decode, openssl base64 -d and
// openssl enc -d -base64.
func IsBase64Decode(c *Command) bool {
	args := c.Argv[1:]
	switch c.Name {
	case "openssl":
		b64, d := false, false
		for _, w := range args {
			switch w.Value {
			case "base64", "-base64", "-a":
				b64 = true
			case "-d":
				d = true
			}
		}
		return b64 && d
	case "basenc":
		b64, d := false, false
		for _, w := range args {
			b64 = b64 || strings.HasPrefix(w.Value, "--base64")
			d = d || w.Value == "-d" || w.Value == "--decode"
		}
		return b64 && d
	}
	for _, w := range args {
		v := w.Value
		if v == "--decode" || v == "-d" || v == "-D" || v == "-di" || v == "-id" {
			return true
		}
		if strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "dD") {
			return true
		}
	}
	return false
}

func reverseLines(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		r := []rune(l)
		for x, y := 0, len(r)-1; x < y; x, y = x+1, y-1 {
			r[x], r[y] = r[y], r[x]
		}
		lines[i] = string(r)
	}
	return strings.Join(lines, "\n") + "\n"
}

// PrintfAsWritten returns what printf command c writes with its
// unresolved arguments as written ($PYTHON_BIN stays "$PYTHON_BIN"), for a
// format whose only directives are %s and %%: the shape of the text when
// the arguments are not known. ok is false for another command or format.
func PrintfAsWritten(c *Command) (string, bool) {
	args := c.Params()
	for len(args) > 0 && args[0].Value == "--" {
		args = args[1:]
	}
	if c.Name != "printf" || len(args) == 0 || strings.HasPrefix(args[0].Value, "-") {
		return "", false
	}
	f := args[0].Value
	if strings.Contains(strings.ReplaceAll(strings.ReplaceAll(f, "%%", ""), "%s", ""), "%") {
		return "", false
	}
	return printfStrings(f, args[1:]), true
}

// printfStrings formats what printf writes for a format whose only
// directives are %s and %%: escapes in the format are interpreted, the
// arguments are not, and the format is reused while arguments remain (as
// printf does); a format with no %s is printed once.
func printfStrings(f string, args []Word) string {
	pieces := strings.Split(strings.ReplaceAll(f, "%%", "\x00"), "%s")
	for i, p := range pieces {
		p, _ = ansiC(strings.ReplaceAll(p, "\x00", "%"))
		pieces[i] = p
	}
	slots := len(pieces) - 1
	var b strings.Builder
	k := 0
	for {
		b.WriteString(pieces[0])
		for i := 1; i < len(pieces); i++ {
			if k < len(args) {
				b.WriteString(args[k].Value)
				k++
			}
			b.WriteString(pieces[i])
		}
		if slots == 0 || k >= len(args) {
			return b.String()
		}
	}
}

// Quote quotes s as one shell word: unchanged when it holds only
// characters no shell treats specially, else in single quotes.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
