package rules

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
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

- privileged or nested shells (` + "`Bash(sudo:*)`" + `, ` + "`su`" + `, ` + "`doas`" + `, ` + "`bash -c`" + `, ` + "`sh`" + `, ` + "`eval`" + `):
  **high**;
- ` + "`Bash`" + `, ` + "`Bash(*)`" + ` and other unscoped shells: **medium** (common, but every command of a
  prompt injection then runs unasked);
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

var (
	shellToolNames   = map[string]bool{"bash": true, "shell": true, "sh": true, "zsh": true, "terminal": true, "exec": true, "run_shell_command": true, "runcommand": true, "run_command": true, "command": true, "powershell": true, "cmd": true, "execute": true}
	privilegedShell  = map[string]string{"sudo": "root", "su": "root", "doas": "root", "pkexec": "root", "bash": "a nested shell", "sh": "a nested shell", "zsh": "a nested shell", "eval": "eval", "exec": "exec", "env": "any command through env", "xargs": "any command through xargs", "pwsh": "a nested shell", "powershell": "a nested shell", "cmd": "a nested shell"}
	networkOrInterpr = map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "rsync": true, "ftp": true, "python": true, "python3": true, "node": true, "npx": true, "bunx": true, "deno": true, "ruby": true, "perl": true, "php": true, "pip": true, "pip3": true, "npm": true, "pnpm": true, "yarn": true, "uvx": true, "rm": true, "chmod": true, "chown": true, "dd": true, "osascript": true, "docker": true}
)

func runAllowedTools(p *analyzer.Pass) error {
	m := p.Skill.Manifest
	if m == nil || m.Root == nil {
		return nil
	}
	for _, k := range allowedToolsKeys(m) {
		items := allowedToolsItems(k)
		for _, it := range items {
			if it.Kind != yaml.ScalarNode {
				continue
			}
			for _, entry := range splitAllowedTools(it.Value) {
				sev, why := judgeToolEntry(entry)
				if sev == analyzer.SevNone {
					continue
				}
				off := fmNodeOffset(p, it)
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

// splitAllowedTools splits "Bash(git add:*) Read, Write" on spaces and commas
// outside parentheses.
func splitAllowedTools(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '(':
				depth++
				continue
			case ')':
				if depth > 0 {
					depth--
				}
				continue
			case ' ', ',', '\t', '\n':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if t := strings.TrimSpace(s[start:i]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	return out
}

func judgeToolEntry(e string) (analyzer.Severity, string) {
	name, arg, hasArg := strings.Cut(e, "(")
	if !shellToolNames[strings.ToLower(strings.TrimSpace(name))] {
		return analyzer.SevNone, ""
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	if !hasArg || arg == "" || strings.Trim(arg, "*: ") == "" {
		return Medium, "every shell command without confirmation"
	}
	cmd := strings.ToLower(strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ':' })[0])
	cmd = cmd[strings.LastIndexByte(cmd, '/')+1:]
	if what, ok := privilegedShell[cmd]; ok {
		return High, what + " without confirmation"
	}
	if strings.HasPrefix(cmd, "sudo") {
		return High, "root without confirmation"
	}
	if strings.HasPrefix(cmd, "*") {
		return Medium, "every shell command without confirmation"
	}
	if networkOrInterpr[cmd] {
		wild := strings.Contains(arg, "*")
		if !wild && len(strings.Fields(arg)) > 1 {
			return analyzer.SevNone, "" // a fixed invocation such as "npm test"
		}
		return Medium, fmt.Sprintf("any %s invocation (network, code or deletion) without confirmation", cmd)
	}
	return analyzer.SevNone, ""
}
