package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/parse/shell"
)

// What a line in a shell start-up file (~/.bashrc, ~/.zshrc) does: set the
// shell up (an export, alias, PATH edit, a tool's init hook) or run a
// program. SV602 and the JavaScript persistence rule judge what they see
// appended to a start-up file with it.

// benignRcLineRx matches a start-up statement that sets the shell up:
// an export or assignment, alias, source, a tool's init hook, an option.
var benignRcLineRx = match.MustRx(`^\s*((?:\[\[?\s+-[fesr]\s+"?[^"\]]+"?\s+\]\]?|test\s+-[fesr]\s+"?[^"\s]+"?)\s+&&\s+(?:source|\.)\s|cd\s+[^;&|<>]+$|export\s+[A-Za-z_][A-Za-z0-9_]*=|alias\s|source\s|\.\s|eval\s+"?\$\(\s*(?:[\w.-]+|/(?:usr|opt|bin|snap)/[\w./-]+|(?:~|\$HOME)/\.(?:local|cargo|pyenv|rbenv|nvm|volta|fnm|deno|bun|linuxbrew)/[\w./-]+|/home/linuxbrew/\.linuxbrew/bin/[\w.-]+)\s+(?:[\w.-]+\s+)?[\w-]*(?:init|shellenv|env|activate|completions?|hook)\b|eval\s+\(\s*[\w.-]+\s+(?:[\w.-]+\s+)?[\w-]*(?:init|shellenv|env|activate|completions?|hook)\b[^()]*\)\s*$|(?:[\w.-]+|~/\.local/bin/[\w.-]+|/(?:usr|opt)/[\w./-]+)\s+(?:[\w.-]+\s+)?[\w-]*(?:init|activate|completions?|hook|shellenv)\s+fish\s*\|\s*source\s*$|fpath|PATH=|[A-Z_]+=|autoload\s|(?:setopt|unsetopt|bindkey|zstyle|shopt|umask|compdef|complete|zmodload|prompt)\s+[^;&|<>$\x60]*$|(?:compinit|bashcompinit|promptinit|colors)(?:\s+-[\w-]+)*\s*$|set\s+-o\s+\w+\s*$|#)`)

// AssignRx matches a NAME=value word.
var AssignRx = match.MustRx(`^[A-Za-z_]\w*=`)

// CodeLoadingLineRx: a start-up line that makes every later process load
// code (NODE_OPTIONS=--require or --import, not --max-old-space-size;
// LD_PRELOAD, PYTHONSTARTUP, BASH_ENV,
// PROMPT_COMMAND) or puts a wrapper around a command that handles
// passwords or keys (alias sudo=…): not a setting.
var CodeLoadingLineRx = match.MustRx(`\bNODE_OPTIONS\s*=\s*["']?[^\n"']*(?:--require|-r\s|--import|--loader|--experimental-loader|\$\(|\x60)|\b(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|PYTHONSTARTUP|PYTHONINSPECT|PERL5OPT|RUBYOPT|BASH_ENV|PROMPT_COMMAND|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)\s*=|\balias\s+(?:sudo|su|doas|ssh|scp|passwd|gpg|git|op|aws|gh|kubectl)\s*=|\b(?:function\s+)?(?:sudo|su|doas|ssh|passwd)\s*\(\)\s*\{`)

// TempPathRx: a PATH assignment with a temporary directory in it
// (export PATH=/tmp/.x:$PATH): every command the user types can then be
// one planted there.
var TempPathRx = match.MustRx(`\bPATH\s*=\s*["']?(?:[^\s;"']*:)?(?:/tmp|/var/tmp|/dev/shm)(?:/|[:"'\s;]|$)`)

// StartupSetupText reports text for a shell start-up file whose every line
// sets the shell up (export PATH=…, alias, eval "$(tool init)", behind a
// condition that runs nothing), with no download, decode, socket, nohup or
// line that makes later processes load code.
func StartupSetupText(text string) bool {
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !setupLine(l) || strings.Contains(l, "curl") || strings.Contains(l, "wget") || strings.Contains(l, "base64") || strings.Contains(l, "/dev/tcp") || strings.Contains(l, "nohup") || CodeLoadingLineRx.MatchString(l) || TempPathRx.MatchString(l) {
			return false
		}
	}
	return true
}

// fishSourceLineRx matches fish's init line, a program's init script
// piped into source: mise activate fish | source.
var fishSourceLineRx = match.MustRx(`^\s*(?:[\w.-]+|~/\.local/bin/[\w.-]+|/(?:usr|opt)/[\w./-]+)\s+(?:[\w.-]+\s+)?[\w-]*(?:init|activate|completions?|hook|shellenv)\s+fish\s*\|\s*source\s*$`)

// rcGuardRx matches a condition that runs nothing: whether a program is
// installed (command -v pyenv >/dev/null, type x, which x, hash x) or a
// file or value is there ([ -d "$HOME/.pyenv/bin" ], test -f …, [[ -n "$X" ]]).
var rcGuardRx = match.MustRx(`^(?:command\s+-v|type(?:\s+-[pPt]+)?|which|hash)\s+[\w.+-]+(?:\s*(?:[12]?>|&>)\s*/dev/null|\s*[12]?>&[12])*$|^(?:\[\[?|test)\s+!?\s*-[a-zA-Z]\s+(?:"[^"$\x60]*(?:\$\{?\w+\}?[^"$\x60]*)*"|'[^']*'|[^\s\]$\x60]*(?:\$\{?\w+\}?[^\s\]$\x60]*)*)(?:\s+\]\]?)?$`)

// rcKeywordRx matches the keywords of an if block around setup lines.
var rcKeywordRx = match.MustRx(`^(?:(?:if|then|else|elif|!)\s+)+`)

// setupLine reports a start-up line whose every statement sets the
// shell up: an export, assignment, alias, PATH edit, option, a source of a
// settings file or a tool's init hook (benignRcLineRx), each possibly
// behind a condition that runs nothing (command -v pyenv >/dev/null ||
// export PATH=…, [ -d … ] && …, if … then … fi). A statement that runs a
// program (export PATH=x; nc …, PATH=x ~/.cache/run, a pipe, a job in the
// background) is not setup.
func setupLine(l string) bool {
	if fishSourceLineRx.MatchString(l) {
		return true
	}
	stmts, seps := rcStatements(l)
	for i, st := range stmts {
		if seps[i] == "|" || seps[i] == "&" {
			return false // a pipe into a program, a background job
		}
		st = strings.TrimSpace(st)
		if m := rcKeywordRx.FindString(st); m != "" {
			st = st[len(m):]
		}
		switch {
		case st == "" || st == "fi" || st == "then" || st == "else":
		case rcGuardRx.MatchString(st):
		case benignRcLineRx.MatchString(st) && assignsOnly(st):
		default:
			return false
		}
	}
	return true
}

// assignsOnly reports that a statement opening with NAME=value runs no
// program after its assignments (PATH=x ~/.cache/run runs run).
func assignsOnly(st string) bool {
	if !AssignRx.MatchString(st) {
		return true
	}
	for _, c := range shell.Parse(st, 0).Commands {
		if c.Parent < 0 && c.Name != "" {
			return false
		}
	}
	return true
}

// rcStatements splits a start-up line into its statements at the
// separators outside quotes, substitutions and groups (; && || | &,
// redirections such as &>/dev/null and 2>&1 excepted); seps[i] is the
// separator after stmts[i], "" for the last. A # that opens a word ends
// the line.
func rcStatements(l string) (stmts, seps []string) {
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(l); i++ {
		ch := l[i]
		switch {
		case quote == '\'':
			if ch == '\'' {
				quote = 0
			}
			continue
		case ch == '\\':
			i++
			continue
		case quote == '"':
			switch {
			case ch == '"':
				quote = 0
			case ch == '$' && i+1 < len(l) && l[i+1] == '(':
				depth++
				i++
			case ch == ')' && depth > 0:
				depth--
			}
			continue
		}
		switch ch {
		case '\'', '"':
			quote = ch
			continue
		case '(':
			depth++
			continue
		case ')':
			if depth > 0 {
				depth--
			}
			continue
		}
		if depth > 0 {
			continue
		}
		sep := ""
		switch {
		case ch == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return append(stmts, l[start:i]), append(seps, "")
		case ch == ';':
			sep = ";"
		case ch == '&' && i+1 < len(l) && l[i+1] == '&':
			sep = "&&"
		case ch == '|' && i+1 < len(l) && l[i+1] == '|':
			sep = "||"
		case ch == '|':
			sep = "|"
		case ch == '&' && (i+1 >= len(l) || l[i+1] != '>') && (i == 0 || l[i-1] != '>' && l[i-1] != '<'):
			sep = "&"
		}
		if sep != "" {
			stmts, seps = append(stmts, l[start:i]), append(seps, sep)
			i += len(sep) - 1
			start = i + 1
		}
	}
	return append(stmts, l[start:]), append(seps, "")
}
