package shellfacts

import (
	"path"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/coderole"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// The skill's shell is one session (see analyzer.SessionEnv): a file one
// reference file downloads, another reference file, a code block further
// down or a bundled script may run. Staged skills split the chain that
// way so that no code block holds both halves. The session index records
// every command of the skill's Markdown and shell scripts that runs a
// file named by a path, so a rule that sees a download can ask who runs
// what it saved.

// Staged is a command elsewhere in the skill that runs a file.
type Staged struct {
	Path    string // the file of the skill that holds it
	Site    *analyzer.ShellSite
	Script  *shell.Script
	Command *shell.Command
	Target  string // the word that names the file run
	// Illustration is set when the text around the command presents it as
	// an example or an attack to recognise (facts/coderole).
	Illustration bool
	// Checked is set when a checksum or signature check runs before it in
	// its own script or block.
	Checked bool
}

// Session is the skill-wide index of file runs and checksum checks.
type Session struct {
	runs     map[string][]Staged // by lower-case base name of the file run
	verified map[string]bool     // base names a checksum or signature check names
}

type sessionKey struct{}

// sessionMaxRuns bounds the index; a skill with more runs of files than
// this is indexed up to it, in file order.
const sessionMaxRuns = 4096

// SessionOf returns the skill's session index, built once per skill from
// every Markdown file and shell script (not from embedded code: a heredoc
// is in its host's sites already).
func SessionOf(p *analyzer.Pass) *Session {
	if p.Skill == nil || len(p.Skill.Files) == 0 {
		return &Session{}
	}
	v, err := p.Skill.Memo(sessionKey{}, func() (any, error) { return buildSession(p), nil })
	if err != nil || v == nil {
		return &Session{}
	}
	return v.(*Session)
}

func buildSession(p *analyzer.Pass) *Session {
	ss := &Session{runs: map[string][]Staged{}, verified: map[string]bool{}}
	n := 0
	for _, f := range p.Skill.Files {
		if f.Embed != nil || f.Kind != skill.KindMarkdown && f.Kind != skill.KindShell {
			continue
		}
		sp := p.Sibling(f)
		sites, _ := sp.ShellSites()
		for i := range sites {
			site := &sites[i]
			if site.Kind == analyzer.SiteHook || site.Kind == analyzer.SiteMCP || site.Cautioned {
				continue
			}
			checked := false
			for _, c := range site.Script.Commands {
				if IsVerifier(c) {
					checked = true
					words := c.Params()
					if c.PipePrev >= 0 && c.PipePrev < len(site.Script.Commands) {
						// echo "<sha256>  lintr" | sha256sum -c -
						words = append(words[:len(words):len(words)], site.Script.Commands[c.PipePrev].Params()...)
					}
					for _, w := range words {
						for _, f := range strings.Fields(w.Value) {
							if b := stagedBase(f); b != "" {
								ss.verified[b] = true
							}
						}
					}
				}
				for k, t := range RunTargets(c) {
					if k == 0 && (!strings.ContainsAny(t, `/\`) || site.Kind == analyzer.SiteCodeSpan || site.Kind == analyzer.SiteProse) {
						// A program found on PATH is not a file saved here;
						// a path in a code span is named more often than
						// run (`/opt/models/x.etlt`, `/v1/models`): there
						// only an interpreter or open makes it a run.
						continue
					}
					b := stagedBase(t)
					if b == "" || n >= sessionMaxRuns {
						continue
					}
					n++
					illus := false
					if site.Kind == analyzer.SiteCodeBlock || site.Kind == analyzer.SiteCodeSpan {
						illus = coderole.Of(sp).At(c.Start).Role == coderole.Illustration
					}
					ss.runs[b] = append(ss.runs[b], Staged{Path: f.Path, Site: site, Script: site.Script, Command: c, Target: t, Illustration: illus, Checked: checked})
				}
			}
		}
	}
	return ss
}

// stagedBase is the lower-case base name of a path word, "" when it has
// none that could name a file.
func stagedBase(v string) string {
	v = strings.Trim(v, `"'`)
	if i := strings.LastIndexAny(v, `/\`); i >= 0 {
		v = v[i+1:]
	}
	if v == "" || v == "." || v == ".." || v == "-" || strings.ContainsAny(v, "$*?`") {
		return ""
	}
	return strings.ToLower(v)
}

// stagedDir normalises the directory part of a path word: the temporary
// directory's spellings are one, and so are the home directory's; "" is
// a path with no directory (relative to wherever the shell is).
func stagedDir(v string) string {
	v = strings.ReplaceAll(strings.Trim(v, `"'`), `\`, "/")
	i := strings.LastIndexByte(v, '/')
	if i < 0 {
		return ""
	}
	d := strings.TrimSuffix(v[:i+1], "/")
	for _, t := range []string{"${TMPDIR}", "$TMPDIR", "${TMP}", "$TMP", "/private/tmp", "%TEMP%", "%TMP%", "$env:TEMP"} {
		if strings.HasPrefix(d, t) {
			d = "/tmp" + d[len(t):]
		}
	}
	for _, h := range []string{"${HOME}", "$HOME", "~", "%USERPROFILE%", "$env:USERPROFILE"} {
		if strings.HasPrefix(d, h) {
			d = "~" + d[len(h):]
		}
	}
	if d == "." {
		return ""
	}
	return path.Clean(strings.TrimPrefix(d, "./"))
}

// SameStagedFile reports whether a download saved as saved and a run of
// ran can be the same file: the same base name, and the same directory
// when both name one.
func SameStagedFile(saved, ran string) bool {
	if stagedBase(saved) == "" || stagedBase(saved) != stagedBase(ran) {
		return false
	}
	a, b := stagedDir(saved), stagedDir(ran)
	return a == "" || b == "" || a == b
}

// RunsElsewhere returns the commands of the skill outside the site that
// holds a download which run the file it saved, in file order, and
// whether a checksum or signature check anywhere in the skill names the
// file.
func (ss *Session) RunsElsewhere(site *analyzer.ShellSite, path, saved string) (runs []Staged, verified bool) {
	b := stagedBase(saved)
	if b == "" || ss.runs == nil {
		return nil, false
	}
	for _, r := range ss.runs[b] {
		if r.Path == path && r.Site.Start == site.Start && r.Site.Kind == site.Kind {
			continue // the download's own site: the rule's own search covers it
		}
		if SameStagedFile(saved, r.Target) && !r.Checked {
			runs = append(runs, r)
		}
	}
	sort.SliceStable(runs, func(i, j int) bool {
		if runs[i].Illustration != runs[j].Illustration {
			return !runs[i].Illustration
		}
		return false
	})
	return runs, ss.verified[b]
}

// IsVerifier reports a checksum or signature check.
func IsVerifier(c *shell.Command) bool {
	switch c.Name {
	case "sha256sum", "sha512sum", "shasum", "gpg", "gpg2", "cosign", "minisign", "signify", "codesign", "spctl", "md5sum":
		return c.Name != "codesign" || HasShortFlag(c, 'v', "--verify")
	case "openssl":
		return c.Arg(1) == "dgst" && HasArg(c, "-verify")
	}
	return false
}

// Runs reports whether a command of the skill's Markdown or shell scripts
// (outside code spans; an example counts like a step) runs a file that
// can be the one named by target.
func (ss *Session) Runs(target string) bool {
	b := stagedBase(target)
	if b == "" || ss.runs == nil {
		return false
	}
	for _, r := range ss.runs[b] {
		if SameStagedFile(target, r.Target) {
			return true
		}
	}
	return false
}
