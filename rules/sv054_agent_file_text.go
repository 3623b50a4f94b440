package rules

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// AgentFileText hands the text a command writes into an agent's
// instruction file (a SKILL.md under a skills directory, AGENTS.md,
// CLAUDE.md, a rules file) to the engine as embedded Markdown.
var AgentFileText = register(&analyzer.Rule{
	ID:       "SV054",
	Name:     "agent-file-text",
	Title:    "Text written into an agent's instruction files is analysed as instructions",
	Severity: Info,
	Category: analyzer.CatHidden,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "scan-integrity", "prompt-injection"},
	Inputs:   analyzer.InShell | analyzer.InMarkdown | analyzer.InJSON | analyzer.InYAML,
	Doc: `A skill can carry instructions that no rule reads as instructions: a here-document or an
` + "`echo`" + ` that writes them into a second skill (` + "`cat > ~/.claude/skills/sync/SKILL.md <<'EOF'`" + `), into
` + "`AGENTS.md`" + ` or ` + "`CLAUDE.md`" + `, or into an editor's rules file. The agent loads that text in later
sessions as its own instructions. The write itself is judged by SV645; this rule extracts the text
and the engine analyses it with every Markdown rule (send-data instructions, concealment,
prompt injection, dangerous commands in its code blocks), reporting in the file and at the lines
of the command.

The text is taken from a here-document whose command writes the file (` + "`cat > F <<EOF`" + `,
` + "`tee -a F <<EOF`" + `) and from the single argument of ` + "`echo`" + ` or ` + "`printf`" + ` redirected there; the
file is an agent's instruction file as SV645 knows them (` + "`intel.AgentConfigPath`" + `) with a Markdown
or rules extension. It reports nothing itself.`,
	Extract: extractAgentFileText,
})

func extractAgentFileText(p *analyzer.Pass) ([]*skill.File, error) {
	var out []*skill.File
	seen := map[int]bool{}
	shellfacts.EachParsedCommand(p, func(_ *analyzer.ShellSite, c *shell.Command) {
		target := agentFileTarget(c)
		if target == "" {
			return
		}
		var w *shell.Word
		for k := range c.Redirs {
			if r := &c.Redirs[k]; (r.Op == "<<" || r.Op == "<<-") && r.Body != nil {
				w = r.Body
			}
		}
		if w == nil && (c.Name == "echo" || c.Name == "printf") {
			if args := c.Params(); len(args) == 1 && args[0].Const {
				w = &args[0]
			}
		}
		if w == nil || seen[w.Start] {
			return
		}
		if f := shellfacts.EmbedWord(p, *w, skill.KindMarkdown, ".md", "text written to "+shellfacts.ClipText(target, 60)); f != nil {
			seen[w.Start] = true
			out = append(out, f)
		}
	})
	return out, nil
}

// agentFileTarget returns the agent instruction file c writes its output
// to (a redirection, or tee's operand), or "".
func agentFileTarget(c *shell.Command) string {
	var paths []string
	for _, r := range c.Redirs {
		switch r.Op {
		case ">", ">>", ">|", "&>", "&>>":
			paths = append(paths, r.Target.Value)
		}
	}
	if c.Name == "tee" {
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				paths = append(paths, w.Value)
			}
		}
	}
	for _, raw := range paths {
		t := shellfacts.NormPath(strings.Trim(raw, `"'`))
		ext := strings.ToLower(path.Ext(t))
		base := strings.ToLower(path.Base(t))
		if (ext == ".md" || ext == ".mdc" || base == ".cursorrules" || base == ".windsurfrules") && intel.AgentConfigPath(t) {
			return t
		}
	}
	return ""
}
