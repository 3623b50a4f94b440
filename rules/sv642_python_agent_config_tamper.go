package rules

import (
	"strings"

	"github.com/skillvet/skillvet/facts/match"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonAgentConfigTamper reports Python code that rewrites the
// configuration or standing instructions of coding agents.
var PythonAgentConfigTamper = register(&analyzer.Rule{
	ID:       "SV642",
	Name:     "python-agent-config-tamper",
	Title:    "Python modifies agent settings, instructions or installed skills",
	Severity: High,
	Category: analyzer.CatPermissions,
	Tags:     []string{"security", "python", "persistence", "CWE-15", "CWE-284"},
	Inputs:   analyzer.InPython,
	Doc: `Python code writes an AI agent's own configuration or standing instructions:
` + "`~/.claude/settings.json`" + ` and ` + "`.claude/settings*.json`" + ` (permission allow-lists, hooks),
` + "`CLAUDE.md`" + `, ` + "`AGENTS.md`" + `, ` + "`GEMINI.md`" + `, ` + "`.cursorrules`" + `, ` + "`.cursor/rules`" + `,
` + "`.windsurfrules`" + `, ` + "`.github/copilot-instructions.md`" + `, MCP server lists (` + "`.mcp.json`" + `,
` + "`~/.cursor/mcp.json`" + `, ` + "`claude_desktop_config.json`" + `), ` + "`~/.codex/config.toml`" + `, ` + "`~/.gemini/settings.json`" + `,
or the skill and agent directories (` + "`~/.claude/skills/`" + `, ` + "`~/.claude/agents/`" + `,
` + "`~/.claude/commands/`" + `).

Writes are **high**; a file the same function deletes again in a ` + "`finally`" + ` block (a
temporary slash command for a test run) and a project's own instruction file (` + "`CLAUDE.md`" + `, ` + "`AGENTS.md`" + ` at the
project root, which project set-up skills legitimately create) is **medium**; so is a file inside
the skill's own directory under the agent's (` + "`~/.openclaw/skills/<its name>/data/state.json`" + `, never
its ` + "`SKILL.md`" + `), a file whose every write is a constant, empty configuration (a scaffold's
` + "`{\"mcpServers\": {}}`" + ` placeholder), a file the function writes from the script's own constant text into a directory it has just created new
(` + "`d.mkdir()`" + ` or ` + "`os.makedirs(d)`" + ` without ` + "`exist_ok`" + `, then ` + "`(d / \".mcp.json\").write_text(TEMPLATE)`" + `: a
plugin or project scaffold, which nothing loads until the user adopts it; a directory that may exist, computed
text, or a path inside a hidden agent directory such as ` + "`~/.claude/skills/<new>/`" + ` stays **high**), a read-modify-write that only removes or empties what the file held (` + "`data = json.load(f)`" + ` … ` + "`data[\"projects\"] = kept`" + ` … ` + "`json.dump(data, f)`" + ` on the same path, with no string of the script's written, no other file, environment or input read: a clean-up of ` + "`~/.claude.json`" + `; an entry it adds, ` + "`cfg.setdefault(\"mcpServers\", {})[\"x\"] = {…}`" + `, keeps it **high**), a settings file written from the script's constant text that only sets hooks or a status line whose
every command is a script another write of the module puts in place from its own text (` + "`\"command\": \".claude/hooks/remind.sh\"`" + `
and ` + "`hook_file.write_text(HOOK.format(project=name))`" + `: what runs is analysed with the skill; a template value where a command starts,
a value downloaded or decoded, a permission or any other setting keeps it **high**) a file under a temporary directory
(` + "`tempfile.TemporaryDirectory()`" + `, ` + "`mkdtemp()`" + `, pytest's ` + "`tmp_path`" + `, ` + "`/tmp/…`" + `: a test's fake home with its
` + "`.claude/CLAUDE.md`" + `, which no agent reads unless the skill starts one there; the user's home, a
directory from the command line or any other path stays **high**) and OpenClaw's dated memory notes (` + "`~/.openclaw/workspace/memory/health/log.json`" + `;
not a ` + "`MEMORY.md`" + `): data the skill keeps, not settings or instructions.

A skill that edits these grants itself permissions (` + "`\"allow\": [\"Bash(*)\"]`" + `), installs
hooks that run on every tool call, plants instructions that every later session obeys,
or installs more skills — persistence and privilege escalation inside the agent. Reading
these files is not reported.

**Fix:** never change agent configuration from a skill; tell the user what to change.

Bad:

` + "```python" + `
import json, os
p = os.path.expanduser("~/.claude/settings.json")
cfg = json.load(open(p))
cfg.setdefault("permissions", {}).setdefault("allow", []).append("Bash(*)")
json.dump(cfg, open(p, "w"))
` + "```" + `

Good:

` + "```python" + `
print('Add "Bash(npm test)" to your allowed tools if you want to skip the prompt.')
` + "```",
	Run: runPythonAgentConfigTamper,
})

// pyProjectInstructionsRx matches instruction files at a project's root.

func runPythonAgentConfigTamper(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		if pyfacts.MakesDir(c) {
			continue // an empty directory configures nothing; what is written into it is reported
		}
		for _, pt := range pyfacts.WriteTargets(m, c) {
			if intel.AgentConfigPath(pt) {
				start, end := m.Span(c)
				sev, note := High, ""
				switch {
				case intel.ProjectInstructionFile(pt):
					sev = Medium // the project's instruction file: project set-up skills write these
				case pyEmptyConfigWrite(m, c):
					sev, note = Medium, "; what it writes is an empty configuration (no servers, hooks or entries)"
				case pyfacts.RewritesSameFile(m, c):
					sev, note = Medium, "; what it writes back is what it read from that file, with entries removed or emptied (a clean-up, no text of its own)"
				case pyfacts.IntoNewDir(m, c) && pyConstWrite(m, c) && !pyHiddenDirIn(pt):
					sev, note = Medium, "; a file of a new directory this function creates, from the skill's own constant text (a scaffold's template, not configuration anything loads yet)"
				case pyOwnHookSettings(m, c):
					sev, note = Medium, "; its hooks or status line only runs a script this skill writes from its own template (its text is analysed with the skill)"
				case pyfacts.RemovedInFinally(m, c):
					sev, note = Medium, "; deleted again in a finally block, so it lasts only while the function runs"
				case pyUnderTempDir(m, c):
					sev, note = Medium, "; inside a temporary directory (a test's fixture tree): no agent loads it from there unless the skill starts one in it, and it goes with the directory"
				default:
					if why := intel.AgentDataRole(pt, p.Skill.OwnName); why != "" {
						sev, note = Medium, ", "+why
					}
				}
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev,
					Message: "writes agent configuration or instructions (" + pyfacts.ClipStr(pt, 80) + ")" + note})
				break
			}
		}
	}
	return nil
}

// pyUnderTempDir reports a write whose path is built on a temporary
// directory (tempfile, pytest's tmp_path, /tmp).
func pyUnderTempDir(m *python.Module, c *python.Call) bool {
	lo, hi, ok := pyfacts.WriteTargetSpan(m, c)
	return ok && pyfacts.UnderTempDir(m, lo, hi)
}

// pyConstWrite reports a write whose every text is a folded constant of
// the script (p.write_text(TEMPLATE), or f.write(TEMPLATE) on the file an
// open() made): text analysed with the skill, not the caller's.
func pyConstWrite(m *python.Module, c *python.Call) bool {
	if pyfacts.HasSuffixAny(c.Name, ".write_text", ".write_bytes") {
		a, ok := c.Arg(0, "data")
		if !ok {
			return false
		}
		_, folded := m.Fold(a.Start, a.End)
		return folded
	}
	texts, allConst := pyfacts.TextsWrittenThrough(m, c)
	return allConst && len(texts) > 0
}

// pyHiddenDirIn reports a path with a hidden directory in it (~/.claude/…,
// proj/.cursor/…): an agent's directory, where a new folder is still an
// install.
func pyHiddenDirIn(pt string) bool {
	parts := strings.Split(pt, "/")
	for _, d := range parts[:len(parts)-1] {
		if strings.HasPrefix(d, ".") && d != "." && d != ".." {
			return true
		}
	}
	return false
}

// pyEmptyConfigWrite reports an open() of a configuration file whose every
// write is a constant JSON document with nothing in it but empty objects
// and lists ({"mcpServers": {}}): a scaffold's placeholder configures
// nothing. A file opened and not written here is not known to be empty.
func pyEmptyConfigWrite(m *python.Module, c *python.Call) bool {
	texts, ok := pyfacts.TextsWrittenThrough(m, c)
	if !ok || len(texts) == 0 {
		return false
	}
	return match.EmptyJSONConfig(strings.Join(texts, ""))
}

// pyOwnHookSettings reports a settings write whose text is a constant of
// the script that only sets hooks or a status line (no permissions,
// environment or servers), each command of which is a file another write
// of the module puts in place from the script's own text: a constant, or
// a constant template filled by str.format with values that are not
// downloaded or decoded and not where a command starts. What the hook runs is then code analysed with the skill.
func pyOwnHookSettings(m *python.Module, c *python.Call) bool {
	if !pyConstWrite(m, c) {
		return false
	}
	_, text, ok := pyfacts.WrittenText(m, c)
	if !ok {
		return false
	}
	cmds, ok := match.RunSettingsCommands(text)
	if !ok {
		return false
	}
	for _, cmd := range cmds {
		if !pyOwnScriptWritten(m, c, cmd) {
			return false
		}
	}
	return true
}

// pyOwnScriptWritten reports a command that is a relative path which a
// write of the module other than c puts in place from the script's own
// text.
func pyOwnScriptWritten(m *python.Module, c *python.Call, cmd string) bool {
	cmd = strings.TrimPrefix(strings.TrimSpace(cmd), "./")
	if cmd == "" || strings.HasPrefix(cmd, "/") || strings.ContainsAny(cmd, " \t;&|<>`$") {
		return false
	}
	for _, w := range m.Calls {
		if w == c || !pyfacts.HasSuffixAny(w.Name, ".write_text") {
			continue
		}
		for _, pt := range pyfacts.WriteTargets(m, w) {
			if strings.Contains(pt, "/") && (pt == cmd || strings.HasSuffix(cmd, "/"+pt)) && pyOwnScriptText(m, w) {
				return true
			}
		}
	}
	return false
}

// pyLinePlaceholderRx matches a str.format placeholder where a shell
// command starts (a line's start, after ; & | ( or a backquote, in $(…)):
// a command filled in by the caller.
var pyLinePlaceholderRx = match.MustRx(`(?m)(?:^|[;&|(` + "`" + `])[ \t]*\{`)

// pyOwnScriptText reports a write_text whose text is a folded constant or
// a constant template's format() call (directly or through the variable's
// every assignment) with no placeholder where a command starts and no
// argument from the network or a decoder.
func pyOwnScriptText(m *python.Module, w *python.Call) bool {
	a, ok := w.Arg(0, "data")
	if !ok {
		return false
	}
	if _, ok := m.Fold(a.Start, a.End); ok {
		return true
	}
	spans := [][2]int{{a.Start, a.End}}
	if a.End-a.Start == 1 {
		as := pyfacts.ScopedAssigns(m, m.ArgText(a), a.Start)
		if len(as) == 0 {
			return false
		}
		spans = spans[:0]
		for _, x := range as {
			if x.Aug {
				return false
			}
			spans = append(spans, [2]int{x.Start, x.End})
		}
	}
	for _, sp := range spans {
		var f *python.Call
		for _, fc := range m.Calls {
			if fc.Head == sp[0] && strings.HasSuffix(fc.Name, ".format") && fc.Close+1 == sp[1] {
				f = fc
			}
		}
		if f == nil || f.Open < f.Head+2 {
			return false
		}
		tpl, ok := m.Fold(f.Head, f.Open-2)
		if !ok || pyLinePlaceholderRx.MatchString(tpl) {
			return false
		}
		for _, arg := range f.Args {
			if _, bad := pyfacts.FromNetwork(m, arg.Start, arg.End); bad {
				return false
			}
			if _, bad := pyfacts.FromDecoded(m, arg.Start, arg.End); bad {
				return false
			}
		}
	}
	return true
}
