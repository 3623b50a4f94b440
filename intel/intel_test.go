package intel

import "testing"

func TestAgentDataRole(t *testing.T) {
	own := func(n string) bool { return n == "daily-log" }
	for p, want := range map[string]bool{
		"~/.openclaw/workspace/memory/2026-01-02.md":              true,
		"/root/.openclaw/workspace/memory/health/doses.json":      true,
		"~/.openclaw/skills/daily-log/state.json":                 true,
		"$HOME/.openclaw/workspace/skills/daily-log/data/x.db":    true,
		"~/.claude/skills/daily-log/cache/index.json":             true,
		"~/.openclaw/workspace/MEMORY.md":                         false, // standing memory
		"~/.openclaw/workspace/memory/":                           true,  // the file's name computed
		"/root/.openclaw/workspace/memory":                        true,
		"~/.openclaw/skills-data/daily-log/versions/prev":         true,
		"~/.openclaw/skills-data/other/versions/prev":             false,
		"~/.openclaw/cron/jobs.json":                              false,
		"~/.openclaw/skills/daily-log/SKILL.md":                   false,
		"~/.openclaw/skills/other/state.json":                     false,
		"~/.openclaw/skills/daily-log":                            false, // the skill slot: an install
		"~/.claude/settings.json":                                 false,
		"~/notes/memory/x.md":                                     false,
		".claude/memory/MEMORY.md":                                false,
		"~/.claude/memory/notes.md":                               false,
		"~/.openclaw/workspace/memory/MEMORY.md":                  false,
		"~/.claude/hooks/fingerprint.log":                         true, // a hook's log
		"~/.openclaw/workspace/skills/stream2/daily-log/out.md":   true, // filed under a category
		"~/.openclaw/workspace/skills/stream2/daily-log/SKILL.md": false,
		"~/.openclaw/workspace/skills/stream2/other/out.md":       false,
		"~/.claude/hooks/fingerprint.log.sh":                      false,
		"~/.claude/hooks/.log":                                    false,
	} {
		if got := AgentDataRole(p, own) != ""; got != want {
			t.Errorf("AgentDataRole(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestInstalledSkillAndAgentHome(t *testing.T) {
	for p, want := range map[string]string{
		"~/.claude/skills/telegram/scripts":                  "telegram",
		"~/.openclaw/workspace/skills/ghost/scripts":         "ghost",
		"/root/.openclaw/agents/main/skills/notes":           "notes",
		"$HOME/.codex/skills/x":                              "x",
		"/home/ann/.claude/skills/y/lib":                     "y",
		"~/.pi/agent/skills/banana/scripts":                  "banana", // the Pi coding agent
		"/tmp/.claude/skills/x":                              "",       // not a home: anyone writes /tmp
		"~/.openclaw/erpclaw/lib":                            "",
		"~/.claude/skillsets/x":                              "",
		"./.claude/skills/x":                                 "",
		"~/.openclaw/workspace/skills-data/ghost/cache.json": "",
	} {
		if got := InstalledSkill(p); got != want {
			t.Errorf("InstalledSkill(%q) = %q, want %q", p, got, want)
		}
	}
	for p, want := range map[string]bool{
		"~/.openclaw/erpclaw/lib":   true,
		"/root/.claude/lib":         true,
		"~/.pi/agent/extensions/x":  true,
		"~/.pi/other":               false,
		"${HOME}/.codex/x":          true,
		"/tmp/.openclaw/erpclaw":    false,
		"~/.openclawx/lib":          false,
		"~/.openclaw/":              false,
		"~/.cache/.openclaw/lib":    false,
		"/var/tmp/home/.claude/lib": false,
	} {
		if got := AgentHomePath(p); got != want {
			t.Errorf("AgentHomePath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestAgentConfigPathNames(t *testing.T) {
	for p, want := range map[string]bool{
		"~/.openclaw/workspace/MEMORY.md": true,
		"MEMORY.md":                       true,
		"./SOUL.md":                       true,
		"CLAUDE.md":                       true,
		"docs/claude.md":                  true, // case-insensitive file systems load it as CLAUDE.md
		"~/news/memory.md":                false,
		"~/evolve-loop/soul.md":           false,
		"~/.openclaw/config/soul.md":      true,
		"~/.claude/settings.json":         true,
		"~/.claude/settings.json.tmp":     false,
		".claude/CLAUDE.md.tmp":           false,
		"~/.claude/CLAUDE.md":             true,
		"~/.claude/hooks/pre.sh":          true,
		"~/.claude/settings.local.json":   true,
		"~/.pi/agent/settings.json":       true,
		"~/.pi/agent/skills/x/SKILL.md":   true,
		"~/.pi/agent/sessions/a.jsonl":    false,
	} {
		if got := AgentConfigPath(p); got != want {
			t.Errorf("AgentConfigPath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestProjectInstructionFileNested(t *testing.T) {
	for p, want := range map[string]bool{
		"CLAUDE.md":               true,
		"./AGENTS.md":             true,
		"scripts/ralph/CLAUDE.md": true,
		"../other/CLAUDE.md":      false,
		".claude/CLAUDE.md":       false,
		"~/.claude/CLAUDE.md":     false,
		"/etc/AGENTS.md":          false,
		".cursor/rules/style.mdc": true,
	} {
		if got := ProjectInstructionFile(p); got != want {
			t.Errorf("ProjectInstructionFile(%q) = %v, want %v", p, got, want)
		}
	}
}
