package rules

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// AllowedToolsShell reports allowed-tools entries that pre-approve an
// unrestricted, privileged or network-capable shell.
var AllowedToolsShell = register(&analyzer.Rule{
	ID:       "SV620",
	Name:     "allowed-tools-shell",
	Title:    "allowed-tools pre-approves unrestricted or privileged shell commands",
	Severity: High,
	Category: analyzer.CatPermissions,
	Tags:     []string{"security", "permissions", "CWE-250"},
	Inputs:   analyzer.InSkill,
	Doc: `Checks the ` + "`allowed-tools`" + ` frontmatter field. Tools listed there run without asking the
user while the skill is active, so a prompt injection (from the skill, a web page or a
file) gets them for free.

- privileged shells (` + "`Bash(sudo:*)`" + `, ` + "`su`" + `, ` + "`doas`" + `, ` + "`pkexec`" + `): **high** (root, unasked);
- ` + "`Bash`" + `, ` + "`Bash(*)`" + ` and other unscoped shells, and entries that amount to one (a nested shell
  ` + "`Bash(sh:*)`" + `, ` + "`bash -c`" + `, ` + "`cmd`" + `, ` + "`pwsh`" + `, ` + "`eval`" + `, ` + "`exec`" + `, ` + "`env`" + `, ` + "`xargs`" + `): **medium** (common, but
  every command of a prompt injection then runs unasked; an entry that looks scoped but nests a
  shell grants no more than ` + "`Bash`" + ` does, so it is graded the same);
- network and interpreter commands (` + "`curl`" + `, ` + "`wget`" + `, ` + "`nc`" + `, ` + "`ssh`" + `, ` + "`python`" + `, ` + "`node`" + `, ` + "`npx`" + `,
  ` + "`pip`" + `, ` + "`npm`" + `) and ` + "`rm`" + `: **medium** (any code or any upload is one argument away).

Scoped entries such as ` + "`Bash(git status:*)`" + ` or ` + "`Bash(npm test)`" + ` are not reported.

**Fix:** list exactly the commands the skill runs, e.g. ` + "`allowed-tools: Bash(git diff:*) Read`" + `.

Bad:

    allowed-tools: Bash(*) Bash(sudo:*)

Good:

    allowed-tools: Bash(git diff:*) Bash(git status:*) Read`,
	Run: runAllowedTools,
})

func runAllowedTools(p *analyzer.Pass) error {
	m := p.Skill.Manifest
	if m == nil || m.Root == nil {
		return nil
	}
	for _, k := range manifest.AllowedToolsKeys(m) {
		items := manifest.AllowedToolsItems(k)
		for _, it := range items {
			if it.Kind != yaml.ScalarNode {
				continue
			}
			for _, entry := range manifest.SplitAllowedTools(it.Value) {
				sev, why := manifest.JudgeToolEntry(entry)
				if sev == analyzer.SevNone {
					continue
				}
				off := manifest.NodeOffset(p, it)
				if it.Line == k.Value.Line && it.Style == 0 {
					if i := strings.Index(p.File.Line(it.Line), entry); i >= 0 {
						off = p.File.Offset(it.Line, i+1)
					}
				}
				p.Report(analyzer.Diagnostic{Start: off, End: off + len(entry), Severity: sev,
					Message: fmt.Sprintf("allowed-tools entry %q pre-approves %s", entry, why)})
			}
		}
	}
	return nil
}
