package shellfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// Write is a file a command writes, with the text written when known
// ("(edited in place)" for sed -i, Downloaded for curl -o and wget -O).
type Write struct{ Path, Text string }

// Downloaded is the Text of a Write whose content comes from the network.
const Downloaded = "(downloaded)"

// KnownText reports whether a Write's Text is the text written, not a
// marker for an in-place edit or a download.
func (w Write) KnownText() bool {
	return w.Text != "" && w.Text != "(edited in place)" && w.Text != Downloaded
}

// WriteTargets returns the files c writes: redirections, tee, cp/mv/ln/
// install/rsync destinations and in-place edits.
func WriteTargets(s *shell.Script, c *shell.Command) []Write {
	var out []Write
	text, _ := PrintedText(c)
	for _, r := range c.Redirs {
		switch r.Op {
		case ">", ">>", ">|", "&>", "&>>":
			body := text
			for _, r2 := range c.Redirs {
				if r2.Body != nil {
					body = r2.Body.Value
				}
			}
			out = append(out, Write{NormPath(r.Target.Value), body})
		}
	}
	switch c.Name {
	case "tee":
		in := ""
		if c.PipePrev >= 0 && s.Commands[c.PipePrev].OutputKnown {
			in = s.Commands[c.PipePrev].Output
		}
		for _, r := range c.Redirs {
			if r.Body != nil && in == "" {
				in = r.Body.Value // tee FILE <<EOF
			}
		}
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				out = append(out, Write{NormPath(w.Value), in})
			}
		}
	case "cp", "mv", "ln", "install", "rsync":
		if len(c.Argv) > 2 {
			out = append(out, Write{NormPath(c.Argv[len(c.Argv)-1].Value), ""})
		}
	case "curl", "wget":
		// curl -o FILE / --output FILE, wget -O FILE / --output-document=FILE:
		// the file holds what was downloaded
		short, long := "-o", "--output"
		if c.Name == "wget" {
			short, long = "-O", "--output-document"
		}
		for i := 1; i < len(c.Argv); i++ {
			v := c.Argv[i].Value
			switch {
			case (v == short || v == long) && i+1 < len(c.Argv):
				if f := c.Argv[i+1].Value; f != "-" && f != "/dev/null" {
					out = append(out, Write{NormPath(f), Downloaded})
				}
				i++
			case strings.HasPrefix(v, long+"="):
				if f := v[len(long)+1:]; f != "-" && f != "/dev/null" {
					out = append(out, Write{NormPath(f), Downloaded})
				}
			}
		}
	case "sed", "perl":
		if HasShortFlag(c, 'i', "--in-place") {
			for _, w := range c.Argv[2:] {
				if !strings.HasPrefix(w.Value, "-") {
					out = append(out, Write{NormPath(w.Value), "(edited in place)"})
				}
			}
		}
	}
	return out
}

// PrintedText returns what c writes to stdout when that can be read from
// the command: its computed output, a printf format with its arguments as
// written (printf '[Service]\nExecStart=%s\n' "$BIN"), or the words of an
// echo or printf with variables unresolved, enough to tell an assignment
// line from a command. ok is false for any other command.
func PrintedText(c *shell.Command) (string, bool) {
	if c.OutputKnown {
		return c.Output, true
	}
	if t, ok := shell.PrintfAsWritten(c); ok {
		return t, true
	}
	if c.Name != "echo" && c.Name != "printf" {
		return "", false
	}
	var ws []string
	for _, w := range c.Params() {
		if !strings.HasPrefix(w.Value, "-") {
			ws = append(ws, w.Value)
		}
	}
	return strings.Join(ws, " "), true
}

// AllLoopback reports URLs that all point at this machine (localhost,
// 127.0.0.1), and at least one: nothing comes from or goes outside it.
func AllLoopback(us []string) bool {
	for _, u := range us {
		if _, c := intel.URLClass(u); c != intel.HostLoopback {
			return false
		}
	}
	return len(us) > 0
}

// CopySources returns the source operands of a cp/mv/ln/install/rsync
// command (every non-option argument but the destination), or nil for any
// other command. The values of install's -m, -o, -g and -S (install -m 600
// KEY DEST: "600" is a mode, not a file) are not operands.
func CopySources(c *shell.Command) []string {
	switch c.Name {
	case "cp", "mv", "ln", "install", "rsync":
	default:
		return nil
	}
	var ops []string
	ps := c.Params()
	for i := 0; i < len(ps); i++ {
		v := ps[i].Value
		if c.Name == "install" && (v == "-m" || v == "-o" || v == "-g" || v == "-S" || v == "--mode" || v == "--owner" || v == "--group" || v == "--suffix") {
			i++
			continue
		}
		if !strings.HasPrefix(v, "-") {
			ops = append(ops, v)
		}
	}
	if len(ops) < 2 {
		return nil
	}
	return ops[:len(ops)-1]
}

// Copy is a file of the skill that a command copies or appends to a
// path: what lands there is the skill's file.
type Copy struct {
	Src, Dest string
	Text      string
}

// skillDirPrefixes are how commands name the skill's own directory.
var skillDirPrefixes = []string{"${CLAUDE_SKILL_DIR}/", "$CLAUDE_SKILL_DIR/", "{baseDir}/", "${SKILL_DIR}/", "$SKILL_DIR/",
	"${CLAUDE_PLUGIN_ROOT}/", "$CLAUDE_PLUGIN_ROOT/", "${SCRIPT_DIR}/", "$SCRIPT_DIR/"}

// SkillDirRelative reports a path written from the skill's own directory
// (${CLAUDE_SKILL_DIR}/…, {baseDir}/…).
func SkillDirRelative(p string) bool {
	for _, pre := range skillDirPrefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// CopiedSkillFiles returns the skill's files that c copies somewhere
// (cp/install SRC… DEST, cat SRC >> DEST, tee DEST < SRC), with their
// content. Sources are looked up relative to the skill's root and to the
// directory of the file holding the command.
func CopiedSkillFiles(p *analyzer.Pass, s *shell.Script, c *shell.Command) []Copy {
	var srcs []string
	var subs [][2]string
	dest := ""
	switch c.Name {
	case "cp", "install":
		var args []string
		for i := 1; i < len(c.Argv); i++ {
			v := c.Argv[i].Value
			if strings.HasPrefix(v, "-") {
				if c.Name == "install" && (v == "-m" || v == "-o" || v == "-g" || v == "--mode" || v == "--owner" || v == "--group") {
					i++
				}
				continue
			}
			args = append(args, v)
		}
		if len(args) < 2 {
			return nil
		}
		srcs, dest = args[:len(args)-1], args[len(args)-1]
	case "sed":
		var ok bool
		if subs, srcs, ok = sedSubstitutions(c); !ok {
			return nil
		}
		for _, w := range WriteTargets(s, c) {
			dest = w.Path
		}
	case "cat", "tee":
		for _, w := range WriteTargets(s, c) {
			dest = w.Path
		}
		if c.Name == "cat" {
			for _, w := range c.Params() {
				if !strings.HasPrefix(w.Value, "-") {
					srcs = append(srcs, w.Value)
				}
			}
		}
		for _, r := range c.Redirs {
			if r.Op == "<" {
				srcs = append(srcs, r.Target.Value)
			}
		}
	}
	if dest == "" || len(srcs) == 0 || len(srcs) > 8 {
		return nil
	}
	var files []*skill.File
	for _, src := range srcs {
		if s != nil && strings.HasPrefix(strings.Trim(src, `"'`), "$") {
			// "$HERE/templates/x.plist" with HERE="$(cd "$(dirname "$0")/.." && pwd)":
			// the script names its own file through its location
			src = strings.TrimPrefix(ResolveSelf(s, p.File.Path, strings.Trim(src, `"'`)), "./")
		}
		if strings.ContainsAny(src, "*?[") {
			files = append(files, skillGlob(p, src)...) // cp systemd/*.service /etc/systemd/system/
		} else if f := skillFile(p, src); f != nil {
			files = append(files, f)
		}
	}
	var out []Copy
	for _, f := range files {
		if !f.Kind.IsText() {
			continue
		}
		d := NormPath(dest)
		if strings.HasSuffix(d, "/") || len(files) > 1 {
			d = strings.TrimSuffix(d, "/") + "/" + path.Base(f.Path)
		}
		text := string(f.Content)
		for _, sub := range subs {
			text = sedReplaceAll(text, sub[0], sub[1])
		}
		out = append(out, Copy{Src: f.Path, Dest: d, Text: text})
	}
	return out
}

// sedSubstitutions reads a sed that renders a template to stdout: every
// script is one s command with the g flag whose pattern is literal but for
// "." (any character) and whose replacement has no & or backslash
// (sed -e "s|REPO_PATH|$REPO|g" tpl), and its operands are the files
// read. ok is false for anything else (-i, -n, other options or
// commands, a regular expression, the e or w flag): then what it
// writes is not known from the file.
func sedSubstitutions(c *shell.Command) (subs [][2]string, files []string, ok bool) {
	var scripts []string
	for i := 1; i < len(c.Argv); i++ {
		v := c.Argv[i].Value
		switch {
		case v == "-e" || v == "--expression":
			if i+1 >= len(c.Argv) {
				return nil, nil, false
			}
			scripts = append(scripts, sedScriptText(c.Argv[i+1]))
			i++
		case strings.HasPrefix(v, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(v, "--expression="))
		case v == "-E" || v == "-r" || v == "--regexp-extended" || v == "--":
		case strings.HasPrefix(v, "-"):
			return nil, nil, false
		case len(scripts) == 0:
			scripts = append(scripts, sedScriptText(c.Argv[i]))
		default:
			files = append(files, v)
		}
	}
	if len(scripts) == 0 || len(files) == 0 {
		return nil, nil, false
	}
	for _, sc := range scripts {
		sc = strings.TrimSpace(sc)
		if len(sc) < 4 || sc[0] != 's' {
			return nil, nil, false
		}
		parts := strings.Split(sc[2:], sc[1:2])
		if len(parts) != 3 || parts[2] != "g" || parts[0] == "" ||
			strings.ContainsAny(parts[0], `*[]^$\+?(){}|`) || strings.ContainsAny(parts[1], `&\`) {
			return nil, nil, false
		}
		subs = append(subs, [2]string{parts[0], parts[1]})
	}
	return subs, files, true
}

// sedScriptText is a sed script as written, a variable in it kept as a
// variable ("s|X|$DIR|g" stays so, for ResolveSelf to read where the
// template is rendered; its value may hold characters sed would not see):
// the word without its quotes, or "" when it is only partly quoted.
func sedScriptText(w shell.Word) string {
	r := w.Raw
	if len(r) >= 2 && (r[0] == '"' || r[0] == '\'') && r[len(r)-1] == r[0] && !strings.ContainsRune(r[1:len(r)-1], rune(r[0])) {
		return r[1 : len(r)-1]
	}
	if strings.ContainsAny(r, `"'`) {
		return ""
	}
	return r
}

// sedReplaceAll replaces every match of pat in text, where "." in pat
// matches any character and every other character itself, with repl.
func sedReplaceAll(text, pat, repl string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if i+len(pat) <= len(text) && sedMatchAt(text[i:i+len(pat)], pat) {
			b.WriteString(repl)
			i += len(pat)
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

func sedMatchAt(s, pat string) bool {
	for k := 0; k < len(pat); k++ {
		if pat[k] != '.' && pat[k] != s[k] || s[k] == '\n' {
			return false
		}
	}
	return true
}

// skillGlob finds the skill's files a relative glob in a command names
// (systemd/*.service), relative to the skill or to the file holding the
// command; at most 8.
func skillGlob(p *analyzer.Pass, pat string) []*skill.File {
	pat = strings.Trim(pat, `"'`)
	for _, pre := range skillDirPrefixes {
		pat = strings.TrimPrefix(pat, pre)
	}
	if pat == "" || strings.HasPrefix(pat, "/") || strings.HasPrefix(pat, "~") || strings.HasPrefix(pat, "$") {
		return nil
	}
	pats := []string{path.Clean(pat), path.Join(path.Dir(p.File.Root().Path), pat)}
	var out []*skill.File
	for _, f := range p.Skill.Files {
		for _, pt := range pats {
			if ok, err := path.Match(pt, f.Path); ok && err == nil {
				out = append(out, f)
				break
			}
		}
		if len(out) == 8 {
			break
		}
	}
	return out
}

// scriptDirRx matches a path built from the running script's directory.
var scriptDirRx = match.MustRx(`^(?:\$\(\s*dirname\s+"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\s*\)|\$\{?(?:DIR|HERE|SCRIPTDIR)\}?)/`)

// installedRel returns the path inside the skill that src names through a
// directory in the skill's name under a skills directory
// (…/skills/<name>/templates/x.plist → templates/x.plist), or "".
func installedRel(sk *skill.Skill, src string) string {
	if sk == nil {
		return ""
	}
	for _, n := range []string{sk.DirName, sk.Name} {
		if n == "" {
			continue
		}
		if k := strings.LastIndex(src, "/skills/"+n+"/"); k >= 0 {
			rel := path.Clean(src[k+len("/skills/"+n+"/"):])
			if rel != "." && !strings.HasPrefix(rel, "..") && !strings.ContainsAny(rel, "*?$") {
				return rel
			}
		}
	}
	return ""
}

// skillFile finds the skill's file that a path in a command names.
func skillFile(p *analyzer.Pass, src string) *skill.File {
	src = strings.Trim(src, `"'`)
	if m := scriptDirRx.FindString(src); m != "" {
		if f := p.Skill.File(path.Join(path.Dir(p.File.Root().Path), src[len(m):])); f != nil {
			return f
		}
		return nil
	}
	for _, pre := range skillDirPrefixes {
		src = strings.TrimPrefix(src, pre)
	}
	// the skill where it is installed: $HOME/.claude/plugins/…/skills/<its
	// name>/templates/job.plist is its templates/job.plist
	if rel := installedRel(p.Skill, src); rel != "" {
		return p.Skill.File(rel)
	}
	if src == "" || strings.HasPrefix(src, "/") || strings.HasPrefix(src, "~") || strings.HasPrefix(src, "$") || strings.ContainsAny(src, "*?") {
		return nil
	}
	host := p.File.Root()
	cands := []string{path.Clean(src), path.Join(path.Dir(host.Path), src)}
	// from the directory above the skill: cp meeting/broker.service … in
	// the skill named meeting
	if n := p.Skill.DirName; n != "" && strings.HasPrefix(src, n+"/") {
		cands = append(cands, path.Clean(strings.TrimPrefix(src, n+"/")))
	}
	for _, cand := range cands {
		if f := p.Skill.File(cand); f != nil {
			return f
		}
	}
	return nil
}
