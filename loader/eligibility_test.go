package loader

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/skill"
)

func metaSkill(meta string) *skill.Skill {
	return skill.New("/skills/s", map[string][]byte{"SKILL.md": []byte("---\nname: s\ndescription: d\nmetadata:\n" + meta + "---\nbody\n")})
}

func TestEligibilityRules(t *testing.T) {
	have := map[string]bool{"git": true, "rg": true}
	look := func(b string) (string, error) {
		if have[b] {
			return "/usr/bin/" + b, nil
		}
		return "", errors.New("not found")
	}
	envs := map[string]string{"SET_VAR": "1"}
	base := EligibilityEnv{Platform: "linux", LookPath: look, Getenv: func(k string) string { return envs[k] },
		Config: map[string]any{"browser": map[string]any{"enabled": true, "off": false, "empty": ""}, "n": 0}}
	withSkill := func(c SkillConfig) EligibilityEnv { e := base; e.Skill = c; return e }
	cases := []struct {
		name  string
		meta  string
		env   EligibilityEnv
		ok    bool
		wants []string // substrings of the reasons
	}{
		{"no metadata", "  author: me\n", base, true, nil},
		{"os match", "  openclaw:\n    os: [darwin, linux]\n", base, true, nil},
		{"os mismatch", "  openclaw:\n    os: [darwin, win32]\n", base, false, []string{"requires os darwin, win32 (this is linux)"}},
		{"os alias", "  openclaw:\n    os: [macos]\n", EligibilityEnv{Platform: "darwin", LookPath: look}, true, nil},
		{"bins ok", "  openclaw:\n    requires:\n      bins: [git, rg]\n", base, true, nil},
		{"bins missing with hint", `  openclaw:
    requires:
      bins: [git, uv]
    install:
      - {id: brew, kind: brew, formula: uv, bins: [uv], label: Install uv (brew)}
      - {kind: node, package: unrelated, bins: [other]}
`, base, false, []string{`requires binary "uv" on PATH; install: Install uv (brew) (brew install uv)`}},
		{"anyBins one present", "  openclaw:\n    requires:\n      anyBins: [nope, rg]\n", base, true, nil},
		{"anyBins none", "  openclaw:\n    requires:\n      anyBins: [nope, nada]\n    install:\n      - {kind: node, package: nada-cli}\n", base, false,
			[]string{"requires one of nope, nada on PATH; install: npm install -g nada-cli"}},
		{"env set", "  openclaw:\n    requires:\n      env: [SET_VAR]\n", base, true, nil},
		{"env missing", "  openclaw:\n    requires:\n      env: [API_TOKEN]\n", base, false, []string{"requires environment variable API_TOKEN"}},
		{"env from skill config", "  openclaw:\n    requires:\n      env: [API_TOKEN]\n", withSkill(SkillConfig{Env: map[string]string{"API_TOKEN": "x"}}), true, nil},
		{"env from apiKey", "  openclaw:\n    primaryEnv: API_TOKEN\n    requires:\n      env: [API_TOKEN]\n", withSkill(SkillConfig{APIKey: "k"}), true, nil},
		{"apiKey only for primaryEnv", "  openclaw:\n    primaryEnv: OTHER\n    requires:\n      env: [API_TOKEN]\n", withSkill(SkillConfig{APIKey: "k"}), false, []string{"API_TOKEN"}},
		{"config truthy", "  openclaw:\n    requires:\n      config: [browser.enabled]\n", base, true, nil},
		{"config falsy", "  openclaw:\n    requires:\n      config: [browser.off, browser.empty, n, missing.path]\n", base, false,
			[]string{"browser.off", "browser.empty", "config n ", "missing.path"}},
		{"always skips requirements", "  openclaw:\n    always: true\n    requires:\n      bins: [nope]\n      env: [NOPE]\n", base, true, nil},
		{"always keeps os", "  openclaw:\n    always: true\n    os: [darwin]\n", base, false, []string{"requires os darwin"}},
		{"legacy clawdbot", "  clawdbot:\n    requires:\n      bins: [nope]\n", base, false, []string{`"nope"`}},
		{"openclaw wins over clawdbot", "  openclaw:\n    requires:\n      bins: [git]\n  clawdbot:\n    requires:\n      bins: [nope]\n", base, true, nil},
		{"malformed", "  openclaw:\n    requires: [1, 2]\n", base, false, []string{"metadata.openclaw is malformed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			el := CheckEligibility(metaSkill(c.meta), c.env)
			if el.Eligible != c.ok {
				t.Fatalf("eligible = %v, want %v (reasons %q)", el.Eligible, c.ok, el.Reasons)
			}
			all := strings.Join(el.Reasons, "\n") + " "
			for _, w := range c.wants {
				if !strings.Contains(all, w) {
					t.Errorf("reasons %q lack %q", el.Reasons, w)
				}
			}
		})
	}
}

func TestEligibilityJSONStringMetadata(t *testing.T) {
	s := skill.New("/s", map[string][]byte{"SKILL.md": []byte(`---
name: s
description: d
metadata: '{"openclaw": {"requires": {"bins": ["nope"]}, "install": [{"kind": "go", "module": "example.com/nope@latest"}]}}'
---
`)})
	el := CheckEligibility(s, EligibilityEnv{Platform: "linux", LookPath: func(string) (string, error) { return "", errors.New("no") }})
	if el.Eligible || !strings.Contains(el.Reasons[0], "go install example.com/nope@latest") {
		t.Fatalf("%+v", el)
	}
}

func TestIneligibleThroughLoad(t *testing.T) {
	root := t.TempDir()
	mkSkill(t, root, "needs-uv", skillMD("needs-uv", "d", "metadata:\n  openclaw:\n    requires:\n      bins: [uv]\n    install:\n      - {kind: uv, package: thing}\n", "x\n"))
	mkSkill(t, root, "needs-key", skillMD("needs-key", "d", "metadata:\n  openclaw:\n    primaryEnv: KEY\n    requires:\n      env: [KEY]\n", "x\n"))
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Skills: map[string]SkillConfig{"needs-key": {APIKey: "secret"}}})
	r := mustLoad(t, l)
	e := r.Lookup("needs-uv")
	wantStatus(t, e, StatusIneligible)
	if !strings.Contains(e.Reason, "uv tool install thing") || e.Eligibility == nil || e.Verdict != "pass" {
		t.Fatalf("%+v", e)
	}
	if _, err := r.Render(t.Context(), "needs-uv", RenderOptions{}); err == nil {
		t.Fatal("ineligible skill rendered")
	}
	wantStatus(t, r.Lookup("needs-key"), StatusAdmitted)
	if filepath.Base(e.Dir) != "needs-uv" {
		t.Fatal(e.Dir)
	}
}
