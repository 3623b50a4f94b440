package manifest

import (
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
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
		return analyzer.High, what + " without confirmation"
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
