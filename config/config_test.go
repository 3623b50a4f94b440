package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

func TestDefaultParses(t *testing.T) {
	c, err := Parse("default", []byte(Default))
	if err != nil {
		t.Fatal(err)
	}
	if c.SkillLimits() != skill.DefaultLimits || c.FailOn != "high" || c.Gate.Threshold != "high" {
		t.Errorf("default config differs from defaults: %+v", c)
	}
}

func TestUnknownKeyHasLine(t *testing.T) {
	_, err := Parse("x.yaml", []byte("version: 1\nrules:\n  disabled: [SV101]\n"))
	ce, ok := err.(*Error)
	if !ok || ce.Line != 3 || !strings.Contains(ce.Msg, "disabled") {
		t.Fatalf("err = %#v", err)
	}
	for _, bad := range []string{"fail-on: severe\n", "rules:\n  severity: {SV101: loud}\n", "gate:\n  admit: [{hash: abc, reason: x}]\n",
		"limits:\n  max-files: -1\n", "version: 3\n"} {
		if _, err := Parse("x.yaml", []byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestFindWalksUp(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755)
	os.WriteFile(filepath.Join(dir, FileName), []byte("version: 1\n"), 0o644)
	if got := Find(filepath.Join(dir, "a", "b")); got != filepath.Join(dir, FileName) {
		t.Errorf("Find = %q", got)
	}
}

func TestExcludeGlobs(t *testing.T) {
	c := &Config{Exclude: []string{"vendor/**", "skills/legacy-*", "**/*.min.js"}}
	for p, want := range map[string]bool{"vendor/x/SKILL.md": true, "skills/legacy-a": true, "skills/legacy-a/scripts/x.sh": true,
		"skills/new": false, "a/b/c.min.js": true, "a/b/c.js": false} {
		if got := c.Excluded(p); got != want {
			t.Errorf("Excluded(%q) = %v", p, got)
		}
	}
}

func TestCustomRules(t *testing.T) {
	src := `custom-rules:
  - id: ACME-001
    title: Internal host
    severity: high
    category: E1
    message: internal hostname in a skill
    in: text
    keywords: [corp.acme.internal]
  - id: ACME-002
    title: No pastebin in commands
    severity: critical
    message: command uses pastebin
    in: commands
    regex: ['pastebin\.com']
  - id: ACME-003
    title: Owner key
    severity: info
    message: owner set
    in: frontmatter
    regex: ['^metadata\.owner: ']
`
	c, err := Parse("x.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := c.BuildCustomRules()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := analyzer.New(rs, analyzer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := skill.New("demo", map[string][]byte{
		"SKILL.md": []byte("---\nname: demo\nmetadata:\n  owner: me\n---\nsee corp.acme.internal\n\n!curl https://pastebin.com/raw/x\n\n`pastebin.com` in code is not a command\n"),
	})
	r := eng.Analyze(t.Context(), s)
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Rule+"@"+string(rune('0'+f.Start.Line)))
	}
	if strings.Join(got, " ") != "ACME-003@4 ACME-001@6 ACME-002@8" {
		t.Errorf("findings = %v", got)
	}

	bad := "custom-rules:\n  - id: x\n    title: t\n"
	c, _ = Parse("x.yaml", []byte(bad))
	if _, err := c.BuildCustomRules(); err == nil || err.(*Error).Line != 2 {
		t.Errorf("bad custom rule error = %v", err)
	}
}

// customFindings builds the custom rules of a config and returns their
// findings on an in-memory skill as "path:line" strings.
func customFindings(t *testing.T, cfg string, files map[string]string) []string {
	t.Helper()
	c, err := Parse("x.yaml", []byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := c.BuildCustomRules()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := analyzer.New(rs, analyzer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mem := map[string][]byte{"SKILL.md": []byte("---\nname: demo\n---\n")}
	for p, c := range files {
		mem[p] = []byte(c)
	}
	var got []string
	for _, f := range eng.Analyze(t.Context(), skill.New("demo", mem)).Findings {
		got = append(got, f.Path+":"+strconv.Itoa(f.Start.Line))
	}
	return got
}

func TestCustomJSCalls(t *testing.T) {
	got := customFindings(t, "custom-rules:\n  - {id: ACME-010, title: No fetch, severity: high, message: network call, in: js-calls, regex: ['^fetch$|axios']}\n",
		map[string]string{
			"scripts/a.js": "const f = fetch;\nconsole.log('fetch me');\nf('https://x.example');\n",
			"scripts/b.ts": "import axios from 'axios';\nconst r: any = await axios.get('https://x.example');\n",
		})
	if strings.Join(got, " ") != "scripts/a.js:3 scripts/b.ts:2" {
		t.Errorf("findings = %v", got)
	}
}

func TestCustomPythonCalls(t *testing.T) {
	got := customFindings(t, "custom-rules:\n  - {id: ACME-011, title: No requests.post, severity: medium, message: posts data, in: python-calls, keywords: [requests.post]}\n",
		map[string]string{"scripts/a.py": "import requests as r\n\nr.post('https://x.example', json={})\n"})
	if strings.Join(got, " ") != "scripts/a.py:3" {
		t.Errorf("findings = %v", got)
	}
}

func TestCustomShellCommands(t *testing.T) {
	got := customFindings(t, "custom-rules:\n  - {id: ACME-012, title: No netcat, severity: high, message: netcat, in: shell-commands, regex: ['^(nc|ncat|netcat)$']}\n",
		map[string]string{
			// "nc -l 4444" base64-encoded and piped to a shell.
			"SKILL.md":     "---\nname: demo\n---\nRun:\n\n```sh\nsudo nc -l 4444\n```\n\n`echo bmMgLWwgNDQ0NA== | base64 -d | sh`\n",
			"scripts/a.sh": "#!/bin/sh\necho nc is not run here\nenv FOO=1 ncat example.invalid 80\n",
		})
	if strings.Join(got, " ") != "SKILL.md:7 SKILL.md:10 scripts/a.sh:3" {
		t.Errorf("findings = %v", got)
	}
}

func TestErrorsNameKeyLineAndKnownKeys(t *testing.T) {
	for src, want := range map[string]string{
		"version: 1\nrulez: {}\n":                        `x.yaml:2: unknown key "rulez" at the top level (did you mean "rules"?); known keys: version, fail-on,`,
		"rules:\n  enabel: [SV101]\n":                    `x.yaml:2: unknown key "enabel" in rules (did you mean "enable"?); known keys: enable, disable, severity`,
		"jobs: many\n":                                   `x.yaml:1: jobs: want a whole number, got a string "many"`,
		"limits:\n  file-timeout: soon\n":                `x.yaml:2: limits.file-timeout: want a duration such as 30s or 2m, got a string "soon"`,
		"gate:\n  admit:\n    - hash: x\n      why: y\n": `x.yaml:4: unknown key "why" in a gate.admit entry; known keys: hash, reason`,
		"fail-on: high\ngate:\n  threshold: loud\n":      `x.yaml:3: gate.threshold: unknown severity "loud"`,
		"exclude-rules:\n  - rules: [SV913]\n":           `x.yaml:2: exclude-rules[0]: needs paths (globs) and rules (rule IDs)`,
		"report:\n  max-per-rule: -1\n":                  `x.yaml:2: report.max-per-rule: must not be negative`,
		"version: [\n":                                   `x.yaml:1: not valid YAML:`,
	} {
		_, err := Parse("x.yaml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q:\n got  %v\n want %s…", src, err, want)
		}
		if err != nil && (strings.Contains(err.Error(), "config.") || strings.Contains(err.Error(), "type ")) {
			t.Errorf("%q: error names Go types: %v", src, err)
		}
	}
}

// TestSectionsCoverConfig: every struct the configuration decodes into has
// a place in error messages, so a new section cannot fall back to Go names.
func TestSectionsCoverConfig(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(rt reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Map {
			rt = rt.Elem()
		}
		if rt.Kind() != reflect.Struct || rt.PkgPath() != reflect.TypeFor[Config]().PkgPath() || seen[rt] {
			return
		}
		seen[rt] = true
		if _, ok := sections[rt.Name()]; !ok {
			t.Errorf("config.%s has no entry in sections", rt.Name())
		}
		for i := 0; i < rt.NumField(); i++ {
			if rt.Field(i).IsExported() {
				walk(rt.Field(i).Type)
			}
		}
	}
	walk(reflect.TypeFor[Config]())
}

func TestExcludeRules(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	c, err := Parse(path, []byte("exclude-rules:\n  - paths: ['**/references/**', 'skills/legacy']\n    rules: [sv913, SV911]\n    reason: generated\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rule, file string
		want       bool
	}{
		{"SV913", filepath.Join(dir, "skills/a/references/x.md"), true},
		{"SV911", filepath.Join(dir, "skills/legacy/SKILL.md"), true},
		{"SV913", filepath.Join(dir, "skills/a/SKILL.md"), false},
		{"SV101", filepath.Join(dir, "skills/a/references/x.md"), false},
	} {
		if got := c.ExcludedRule(tc.rule, tc.file) != nil; got != tc.want {
			t.Errorf("ExcludedRule(%s, %s) = %v", tc.rule, tc.file, got)
		}
	}
	known := func(id string) bool { return id == "SV913" || id == "SV911" || id == "SV001" }
	if err := c.CheckExcludeRules(known, func(id string) bool { return id == "SV001" }); err != nil {
		t.Errorf("known rules refused: %v", err)
	}
	bad, _ := Parse(path, []byte("version: 1\nexclude-rules:\n  - paths: [x]\n    rules: [SV9133]\n"))
	if err := bad.CheckExcludeRules(known, func(string) bool { return false }); err == nil || !strings.Contains(err.Error(), ":3: exclude-rules[0]: unknown rule \"SV9133\"") {
		t.Errorf("typo accepted or badly reported: %v", err)
	}
	closed, _ := Parse(path, []byte("exclude-rules:\n  - paths: [x]\n    rules: [SV001]\n"))
	if err := closed.CheckExcludeRules(known, func(id string) bool { return id == "SV001" }); err == nil {
		t.Error("a fail-closed rule was excluded")
	}
}

func TestFindAboveSkipsTheWorkspace(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "home", "clone")
	ws := filepath.Join(repo, "sub", "ws")
	for _, d := range []string{filepath.Join(repo, ".git"), ws} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("version: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if f, s := FindAbove(ws); f != "" || s != "" {
		t.Fatalf("nothing there: %q %q", f, s)
	}
	write(filepath.Join(repo, FileName)) // the clone's own
	if f, s := FindAbove(ws); f != "" || s != filepath.Join(repo, FileName) {
		t.Fatalf("clone's file: found %q skipped %q", f, s)
	}
	write(filepath.Join(ws, FileName))
	write(filepath.Join(tmp, "home", FileName)) // the user's, above the clone
	if f, s := FindAbove(ws); f != filepath.Join(tmp, "home", FileName) || s != filepath.Join(ws, FileName) {
		t.Fatalf("found %q skipped %q", f, s)
	}
	if _, err := Parse("x", []byte("gate:\n  pin:\n    deploy: home\n")); err == nil || !strings.Contains(err.Error(), "gate.pin.deploy") {
		t.Fatalf("bad pin: %v", err)
	}
	if c, err := Parse("x", []byte("gate:\n  pin:\n    deploy: user\n    ops: /opt/skills\n")); err != nil || c.Gate.Pin["deploy"] != "user" {
		t.Fatalf("pins: %v %+v", err, c)
	}
}
