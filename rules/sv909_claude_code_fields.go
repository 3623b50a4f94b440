package rules

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
	"github.com/skillvet/skillvet/skill"
)

// SpecClaudeCodeFields checks the frontmatter fields Claude Code adds to the
// specification.
var SpecClaudeCodeFields = register(&analyzer.Rule{
	ID:       "SV909",
	Name:     "claude-code-fields",
	Title:    "Claude Code frontmatter field has the wrong type or value",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "claude-code", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `Claude Code extends the frontmatter with fields of its own. This rule checks their
types and values:

| field | expected |
|---|---|
| ` + "`disable-model-invocation`" + `, ` + "`user-invocable`" + ` | ` + "`true`" + ` or ` + "`false`" + ` (a YAML boolean, not the string ` + "`\"true\"`" + ` or ` + "`yes`" + `) |
| ` + "`context`" + ` | ` + "`inline`" + ` or ` + "`fork`" + ` |
| ` + "`effort`" + ` | ` + "`low`" + `, ` + "`medium`" + `, ` + "`high`" + `, ` + "`xhigh`" + ` or ` + "`max`" + ` |
| ` + "`shell`" + ` | ` + "`bash`" + ` or ` + "`powershell`" + ` |
| ` + "`when_to_use`" + ` | a string |
| ` + "`arguments`" + `, ` + "`paths`" + ` | a string or a list of strings |
| ` + "`agent`" + ` | a string; only used with ` + "`context: fork`" + ` (info otherwise) |
| ` + "`model`" + ` | a string |
| ` + "`argument-hint`" + ` | a string (the documented ` + "`[issue-number]`" + ` form, which YAML reads as a list, is accepted) |
| ` + "`hooks`" + ` | a mapping from hook events (` + "`PreToolUse`" + `, ` + "`PostToolUse`" + `, ` + "`Stop`" + `, …) to lists of ` + "`{matcher, hooks: [{type: command, command: …}]}`" + `; hook types ` + "`command`" + ` (needs ` + "`command`" + `), ` + "`http`" + ` (` + "`url`" + `), ` + "`mcp_tool`" + ` (` + "`tool`" + `), ` + "`prompt`" + ` (` + "`prompt`" + `), ` + "`agent`" + ` |

**Why it matters:** a wrong type is ignored or misread: ` + "`disable-model-invocation: \"yes\"`" + `
does not stop the model from invoking the skill, and a hook under a misspelt event never
runs (or runs when the author did not expect).

**Fix:**

Bad:

` + "```yaml" + `
disable-model-invocation: "yes"
context: forked
hooks:
  PreToolUse: ./scripts/check.sh
` + "```" + `

Good:

` + "```yaml" + `
disable-model-invocation: true
context: fork
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ./scripts/check.sh
` + "```",
	Run: runSpecClaudeCodeFields,
})

var lintHookEvents = map[string]bool{
	"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true, "PostToolBatch": true,
	"PermissionRequest": true, "PermissionDenied": true, "UserPromptSubmit": true,
	"UserPromptExpansion": true, "Notification": true, "Stop": true, "StopFailure": true,
	"Setup": true, "SubagentStart": true, "SubagentStop": true, "PreCompact": true,
	"PostCompact": true, "ConfigChange": true, "SessionStart": true, "SessionEnd": true,
	"WorktreeCreate": true, "WorktreeRemove": true, "TeammateIdle": true, "TaskCreated": true,
	"TaskCompleted": true, "InstructionsLoaded": true, "Elicitation": true,
	"ElicitationResult": true, "CwdChanged": true, "FileChanged": true,
}

// lintHookFields are the fields each hook type needs.
var lintHookFields = map[string][]string{
	"command": {"command"}, "http": {"url"}, "mcp_tool": {"tool"}, "prompt": {"prompt"}, "agent": nil,
}

// lintClaudeEnums are Claude Code fields with a fixed set of values.
var lintClaudeEnums = map[string][]string{
	"context": {"inline", "fork"},
	"effort":  {"low", "medium", "high", "xhigh", "max"},
	"shell":   {"bash", "powershell"},
}

func runSpecClaudeCodeFields(p *analyzer.Pass) error {
	m := manifest.Of(p)
	if m == nil {
		return nil
	}
	for _, name := range []string{"disable-model-invocation", "user-invocable"} {
		if k := m.Get(name); k != nil {
			if v := manifest.Deref(k.Value); !manifest.IsBool(v) {
				manifest.ReportAt(p, v, 0, "%s must be true or false, not %s", name, manifest.Kind(v))
			}
		}
	}
	for _, name := range []string{"agent", "model", "argument-hint", "when_to_use", "context", "effort", "shell"} {
		k := m.Get(name)
		if k == nil {
			continue
		}
		v := manifest.Deref(k.Value)
		if name == "argument-hint" && v.Kind == yaml.SequenceNode && lintAllScalars(v) {
			continue // argument-hint: [issue-number], as in Claude Code's docs
		}
		if !manifest.IsString(v) || strings.TrimSpace(v.Value) == "" {
			manifest.ReportAt(p, v, 0, "%s must be a non-empty string, not %s", name, manifest.KindNonEmpty(v))
			continue
		}
		if vals := lintClaudeEnums[name]; vals != nil && !slices.Contains(vals, v.Value) {
			manifest.ReportAt(p, v, 0, "%s %q is not one of %s", name, v.Value, strings.Join(vals, ", "))
		}
	}
	for _, name := range []string{"arguments", "paths"} {
		if k := m.Get(name); k != nil {
			if v := manifest.Deref(k.Value); !manifest.IsString(v) {
				manifest.StringList(p, v, name, 0)
			}
		}
	}
	ctx := ""
	if k := m.Get("context"); k != nil && manifest.IsString(k.Value) {
		ctx = manifest.Deref(k.Value).Value
	}
	if k := m.Get("agent"); k != nil && ctx != "fork" {
		manifest.ReportKeyAt(p, k, Info, "agent is only used with context: fork; without it the skill runs inline and agent is ignored")
	}
	if k := m.Get("hooks"); k != nil {
		lintHooks(p, k)
	}
	return nil
}

func lintAllScalars(n *yaml.Node) bool {
	for _, c := range n.Content {
		if manifest.Deref(c).Kind != yaml.ScalarNode {
			return false
		}
	}
	return true
}

func lintHooks(p *analyzer.Pass, k *skill.Key) {
	v := manifest.Deref(k.Value)
	if v.Kind != yaml.MappingNode {
		manifest.ReportAt(p, v, 0, "hooks must be a mapping from hook events to lists of matchers, not %s", manifest.Kind(v))
		return
	}
	for _, kv := range manifest.Pairs(v) {
		ev, list := kv[0], kv[1]
		if !lintHookEvents[ev.Value] {
			manifest.ReportAt(p, ev, 0, "hooks.%s is not a Claude Code hook event, so it never runs (%s)", ev.Value, lintHookEventHint(ev.Value))
			continue
		}
		if list.Kind != yaml.SequenceNode {
			manifest.ReportAt(p, list, 0, "hooks.%s must be a list of {matcher, hooks} entries, not %s", ev.Value, manifest.Kind(list))
			continue
		}
		for _, ent := range list.Content {
			ent = manifest.Deref(ent)
			if ent.Kind != yaml.MappingNode {
				manifest.ReportAt(p, ent, 0, "hooks.%s entries must be mappings with matcher and hooks, not %s", ev.Value, manifest.Kind(ent))
				continue
			}
			if mt := skill.MapValue(ent, "matcher"); mt != nil && !manifest.IsString(mt) {
				manifest.ReportAt(p, mt, 0, "hooks.%s matcher must be a string, not %s", ev.Value, manifest.Kind(mt))
			}
			hs := skill.MapValue(ent, "hooks")
			if hs == nil {
				manifest.ReportAt(p, ent, 0, "hooks.%s entry has no hooks list", ev.Value)
				continue
			}
			if hs.Kind != yaml.SequenceNode {
				manifest.ReportAt(p, hs, 0, "hooks.%s hooks must be a list of {type, command} entries, not %s", ev.Value, manifest.Kind(hs))
				continue
			}
			for _, h := range hs.Content {
				lintHook(p, ev.Value, manifest.Deref(h))
			}
		}
	}
}

func lintHook(p *analyzer.Pass, ev string, h *yaml.Node) {
	if h.Kind != yaml.MappingNode {
		manifest.ReportAt(p, h, 0, "hooks.%s hook must be a mapping with type and command, not %s", ev, manifest.Kind(h))
		return
	}
	t := skill.MapValue(h, "type")
	if t == nil || !manifest.IsString(t) {
		manifest.ReportAt(p, h, 0, "hooks.%s hook has no type (command or prompt)", ev)
		return
	}
	fields, ok := lintHookFields[t.Value]
	if !ok {
		manifest.ReportAt(p, t, 0, "hooks.%s hook type %q is not command, http, mcp_tool, prompt or agent", ev, t.Value)
		return
	}
	for _, field := range fields {
		if c := skill.MapValue(h, field); c == nil || !manifest.IsString(c) || strings.TrimSpace(c.Value) == "" {
			manifest.ReportAt(p, h, 0, "hooks.%s hook of type %s has no %s string", ev, t.Value, field)
		}
	}
}

func lintHookEventHint(name string) string {
	for e := range lintHookEvents {
		if strings.EqualFold(e, name) {
			return "did you mean " + e + "?"
		}
	}
	return "events include PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop"
}
