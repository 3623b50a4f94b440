package loader

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// RenderOptions configure the activation of a skill.
type RenderOptions struct {
	// Args are the invocation's arguments: $ARGUMENTS is all of them
	// joined by spaces, $ARGUMENTS[N] and $N the N-th (0-based; empty when
	// out of range). When the body has none of these placeholders and Args
	// is not empty, "ARGUMENTS: <args>" is appended.
	Args []string
	// BaseDir replaces ${SKILL_DIR}, ${CLAUDE_SKILL_DIR} and {baseDir};
	// empty means the skill's directory on disk, and then Render first
	// checks that the directory still holds the scanned bytes (a changed
	// skill is refused with CodeChanged until it is rescanned: see
	// Registry.OnDisk). Give URILocation-style "skill://<name>" to keep
	// the model on the scanned bytes.
	BaseDir string
	// Dynamic enables dynamic context (!command lines). Nil leaves every
	// command line in the body exactly as written, unexecuted, and reports
	// it as refused.
	Dynamic *DynamicOptions
}

// Rendered is an activated skill body.
type Rendered struct {
	Name string
	Body string
	// Commands reports every dynamic-context command of the body: run,
	// refused or failed.
	Commands []CommandReport
}

// CommandReport is what became of one dynamic-context command.
type CommandReport struct {
	Kind    string `json:"kind"` // command, inline-command, command-block
	Line    int    `json:"line"` // line in SKILL.md
	Command string `json:"command"`
	Ran     bool   `json:"ran"`
	// Refused says why the command was not run (its text is then left in
	// the body as written).
	Refused string `json:"refused,omitempty"`
	// Err says how a command that ran failed (timeout, exit status, output
	// over the cap); its captured output still replaces it.
	Err       string `json:"error,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
}

var placeholderRx = regexp.MustCompile(`\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)|\$\{(?:CLAUDE_)?SKILL_DIR\}|\{baseDir\}`)

// Render activates the admitted skill name: the body of SKILL.md without
// frontmatter, from the scanned bytes, with dynamic-context commands run
// (only when enabled) and placeholders substituted. Commands run before
// substitution, so arguments never reach a command line, and command
// output is not substituted.
func (r *Registry) Render(ctx context.Context, name string, o RenderOptions) (*Rendered, error) {
	e, err := r.Get(name)
	if err != nil {
		return nil, err
	}
	mf := e.Skill.ManifestFile()
	src := mf.Content
	start := e.Skill.Manifest.BodyStart
	doc, err := markdown.Parse(src, start)
	if err != nil {
		return nil, fmt.Errorf("skill %q: cannot parse body: %w", name, err)
	}
	base := o.BaseDir
	if base == "" {
		if err := r.OnDisk(e); err != nil {
			return nil, err
		}
		base = e.Dir
	}
	cmds := commandTokens(doc)
	out := &Rendered{Name: name}
	var b strings.Builder
	hasPlaceholder := false
	text := func(s string) {
		b.WriteString(placeholderRx.ReplaceAllStringFunc(s, func(m string) string {
			sm := placeholderRx.FindStringSubmatch(m)
			switch {
			case sm[1] != "":
				hasPlaceholder = true
				return arg(o.Args, sm[1])
			case sm[2] != "":
				hasPlaceholder = true
				return arg(o.Args, sm[2])
			case m == "$ARGUMENTS":
				hasPlaceholder = true
				return strings.Join(o.Args, " ")
			}
			return base
		}))
	}
	pos := start
	for _, t := range cmds {
		if t.Start < pos {
			continue // overlaps a command already handled
		}
		text(string(src[pos:t.Start]))
		rep := CommandReport{Kind: t.Kind.String(), Line: mf.Pos(t.Start).Line, Command: strings.TrimRight(t.Text, "\r\n")}
		raw := string(src[t.Start:t.End])
		if o.Dynamic == nil {
			rep.Refused = "dynamic context is disabled"
			b.WriteString(raw)
		} else {
			output, ran := o.Dynamic.run(ctx, &rep)
			if ran {
				b.WriteString(output)
			} else {
				b.WriteString(raw)
			}
		}
		out.Commands = append(out.Commands, rep)
		pos = t.End
	}
	text(string(src[pos:]))
	body := b.String()
	if !hasPlaceholder && len(o.Args) > 0 {
		body = strings.TrimRight(body, "\n") + "\n\nARGUMENTS: " + strings.Join(o.Args, " ") + "\n"
	}
	out.Body = body
	return out, nil
}

func arg(args []string, idx string) string {
	n, err := strconv.Atoi(idx)
	if err != nil || n < 0 || n >= len(args) {
		return ""
	}
	return args[n]
}

// commandTokens are the dynamic-context commands of a parsed body, in order.
func commandTokens(doc *markdown.Doc) []markdown.Token {
	var cmds []markdown.Token
	for _, t := range doc.Tokens {
		if t.Kind.IsCommand() {
			cmds = append(cmds, t)
		}
	}
	sort.SliceStable(cmds, func(i, j int) bool { return cmds[i].Start < cmds[j].Start })
	return cmds
}

// DynamicCommands lists the dynamic-context commands of s's SKILL.md body
// (what Render would run with dynamic context on), without running any.
func DynamicCommands(s *skill.Skill) []CommandReport {
	mf := s.ManifestFile()
	if mf == nil || s.Manifest == nil {
		return nil
	}
	doc, err := markdown.Parse(mf.Content, s.Manifest.BodyStart)
	if err != nil {
		return nil
	}
	var out []CommandReport
	pos := 0
	for _, t := range commandTokens(doc) {
		if t.Start < pos {
			continue
		}
		out = append(out, CommandReport{Kind: t.Kind.String(), Line: mf.Pos(t.Start).Line, Command: strings.TrimRight(t.Text, "\r\n")})
		pos = t.End
	}
	return out
}
