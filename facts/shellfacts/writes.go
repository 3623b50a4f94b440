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
// other command.
func CopySources(c *shell.Command) []string {
	switch c.Name {
	case "cp", "mv", "ln", "install", "rsync":
	default:
		return nil
	}
	var ops []string
	for _, w := range c.Params() {
		if !strings.HasPrefix(w.Value, "-") {
			ops = append(ops, w.Value)
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
		out = append(out, Copy{Src: f.Path, Dest: d, Text: string(f.Content)})
	}
	return out
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
