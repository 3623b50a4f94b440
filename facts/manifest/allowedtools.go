package manifest

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/skill"
)

var (
	// ShellToolNames are the tool names agents use for running shell
	// commands (lower case).
	ShellToolNames   = map[string]bool{"bash": true, "shell": true, "sh": true, "zsh": true, "terminal": true, "exec": true, "run_shell_command": true, "runcommand": true, "run_command": true, "command": true, "powershell": true, "cmd": true, "execute": true}
	privilegedShell  = map[string]string{"sudo": "root", "su": "root", "doas": "root", "pkexec": "root", "bash": "a nested shell", "sh": "a nested shell", "zsh": "a nested shell", "eval": "eval", "exec": "exec", "env": "any command through env", "xargs": "any command through xargs", "pwsh": "a nested shell", "powershell": "a nested shell", "cmd": "a nested shell"}
	networkOrInterpr = map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "rsync": true, "ftp": true, "python": true, "python3": true, "node": true, "npx": true, "bunx": true, "deno": true, "ruby": true, "perl": true, "php": true, "pip": true, "pip3": true, "npm": true, "pnpm": true, "yarn": true, "uvx": true, "rm": true, "chmod": true, "chown": true, "dd": true, "osascript": true, "docker": true}
)

// SplitAllowedTools splits "Bash(git add:*) Read, Write" on spaces and commas
// outside parentheses.
func SplitAllowedTools(s string) []string {
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

// JudgeToolEntry grades one allowed-tools entry that pre-approves shell
// commands: the severity and what it allows without confirmation, or
// SevNone for entries that are not shell tools or are harmless.
// shellNames are the shells that run a script file given as their first
// operand.
var shellNames = map[string]bool{"bash": true, "sh": true, "zsh": true}

// ownScriptRx matches a script inside the skill or plugin: the plugin or
// skill root variables, a skills directory, or a path relative to the
// skill (scripts/x.sh).
var ownScriptRx = match.MustRx(`^(?:\$\{?CLAUDE_(?:PLUGIN_ROOT|SKILL_DIR|PROJECT_DIR)\}?/|(?:\./)?(?:\.[\w-]+/)?skills/[\w.-]+/|(?:\./)?(?:scripts|bin|tools|hooks)/)[\w./-]+\.(?:sh|bash)$`)

// shellScriptArg returns the script a shell entry runs ("bash
// \"${CLAUDE_PLUGIN_ROOT}/scripts/wait.sh\" *"): the first operand, when it
// is a .sh file and no option (-c, -s) comes first.
func shellScriptArg(arg string) (string, bool) {
	f := strings.Fields(arg)
	if len(f) < 2 {
		if len(f) == 1 {
			if _, rest, ok := strings.Cut(f[0], ":"); ok {
				f = append(f[:1], rest) // "bash:scripts/x.sh" (colon form)
			}
		}
		if len(f) < 2 {
			return "", false
		}
	}
	script := strings.Trim(strings.TrimSuffix(f[1], ":*"), `"'`)
	if strings.HasPrefix(script, "-") || strings.ContainsAny(script, "*?;|&`") || strings.Contains(script, "..") {
		return "", false
	}
	if !strings.HasSuffix(script, ".sh") && !strings.HasSuffix(script, ".bash") {
		return "", false
	}
	return script, true
}

func JudgeToolEntry(e string) (analyzer.Severity, string) {
	name, arg, hasArg := strings.Cut(e, "(")
	if !ShellToolNames[strings.ToLower(strings.TrimSpace(name))] {
		return analyzer.SevNone, ""
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	if !hasArg || arg == "" || strings.Trim(arg, "*: ") == "" {
		return analyzer.Medium, "every shell command without confirmation"
	}
	cmd := strings.ToLower(strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ':' })[0])
	cmd = cmd[strings.LastIndexByte(cmd, '/')+1:]
	if what, ok := privilegedShell[cmd]; ok {
		if shellNames[cmd] {
			if script, ok := shellScriptArg(arg); ok {
				if ownScriptRx.MatchString(script) {
					return analyzer.Low, "the skill's own script " + script + " (analysed with the skill) without confirmation"
				}
				return analyzer.Medium, "the script " + script + " without confirmation"
			}
		}
		if what == "root" {
			return analyzer.High, what + " without confirmation"
		}
		// A nested shell, eval or a command runner grants what an
		// unscoped Bash grants: every command, no more.
		return analyzer.Medium, what + " (so every shell command) without confirmation"
	}
	if strings.HasPrefix(cmd, "sudo") {
		return analyzer.High, "root without confirmation"
	}
	if strings.HasPrefix(cmd, "*") {
		return analyzer.Medium, "every shell command without confirmation"
	}
	if networkOrInterpr[cmd] {
		wild := strings.Contains(arg, "*")
		if !wild && len(strings.Fields(arg)) > 1 {
			return analyzer.SevNone, "" // a fixed invocation such as "npm test"
		}
		return analyzer.Medium, fmt.Sprintf("any %s invocation (network, code or deletion) without confirmation", cmd)
	}
	return analyzer.SevNone, ""
}

// BlanketShell reports an allowed-tools entry that pre-approves every
// shell command, or root: an unscoped shell tool ("Bash", "Bash(*)",
// "Bash(*:*)"), one that nests a shell or a command runner ("Bash(sh:*)",
// "Bash(eval:*)"), or a privileged one ("Bash(sudo:*)"). A scoped entry
// ("Bash(git status:*)", "Bash(npm test)") and the skill's own script
// ("Bash(bash scripts/x.sh)") are not blanket approvals.
func BlanketShell(e string) bool {
	name, arg, hasArg := strings.Cut(e, "(")
	if !ShellToolNames[strings.ToLower(strings.TrimSpace(name))] {
		return false
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	if !hasArg || arg == "" || strings.Trim(arg, "*: ") == "" || strings.HasPrefix(arg, "*") {
		return true
	}
	cmd := strings.ToLower(strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ':' })[0])
	cmd = cmd[strings.LastIndexByte(cmd, '/')+1:]
	if strings.HasPrefix(cmd, "sudo") {
		return true
	}
	if _, ok := privilegedShell[cmd]; !ok {
		return false
	}
	if shellNames[cmd] {
		if _, ok := shellScriptArg(arg); ok {
			return false // a script file, judged by JudgeToolEntry
		}
	}
	return true
}

// PreapprovedShell returns the first allowed-tools entry of the skill's
// manifest that pre-approves every shell command (BlanketShell), or "".
func PreapprovedShell(m *skill.Manifest) string {
	if m == nil || m.Root == nil {
		return ""
	}
	for _, k := range AllowedToolsKeys(m) {
		for _, it := range AllowedToolsItems(k) {
			if it.Kind != yaml.ScalarNode {
				continue
			}
			for _, e := range SplitAllowedTools(it.Value) {
				if BlanketShell(e) {
					return e
				}
			}
		}
	}
	return ""
}
