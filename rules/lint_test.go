package rules

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/analyzer/analyzertest"
	"github.com/skillvet/skillvet/skill"
)

// lintIDs is the specification lint rule set.
var lintIDs = []string{"SV901", "SV902", "SV903", "SV904", "SV905", "SV906", "SV907",
	"SV908", "SV909", "SV910", "SV911", "SV912", "SV913"}

// TestLintRules checks that the rules Lint returns (besides the engine's
// own lint findings, which have no Run) are exactly the SV9xx
// specification rules, that each is documented with an example, and that
// each passes its fixtures.
func TestLintRules(t *testing.T) {
	var got []string
	for _, r := range Lint() {
		if r.Run == nil {
			continue // engine-reported (suppression hygiene)
		}
		got = append(got, r.ID)
		if r.Category != analyzer.CatLint || !slices.Contains(r.Tags, "lint") {
			t.Errorf("%s: category %q tags %v, want lint", r.ID, r.Category, r.Tags)
		}
		if !strings.Contains(r.Doc, "Bad") || !strings.Contains(r.Doc, "Good") || !strings.Contains(r.Doc, "**Fix:**") {
			t.Errorf("%s: Doc needs a fix and a bad and a good example", r.ID)
		}
		t.Run(r.ID, func(t *testing.T) { analyzertest.Run(t, filepath.Join(fixtures, r.ID), r) })
	}
	if !slices.Equal(got, lintIDs) {
		t.Errorf("Lint() = %v, want %v", got, lintIDs)
	}
}

// TestLintValidSkills runs every lint rule together over real-world-shaped
// skills (Anthropic, Claude Code, OpenClaw styles): none may report.
func TestLintValidSkills(t *testing.T) {
	res := analyzertest.Run(t, "../testdata/lint/valid", Lint()...)
	if len(res) < 5 {
		t.Errorf("ran %d valid skills, want at least 5", len(res))
	}
}

// TestLintSeverities pins the severities the brief requires: what an agent
// cannot load or what reaches outside the skill is high; hygiene is lower.
func TestLintSeverities(t *testing.T) {
	cases := []struct {
		rule *analyzer.Rule
		dir  string
		path string
		line int
		want analyzer.Severity
	}{
		{SpecFrontmatterInvalid, "SV901/tp-bad-yaml", "SKILL.md", 3, High},
		{SpecFrontmatterInvalid, "SV901/tp-unclosed", "SKILL.md", 1, High},
		{SpecFrontmatterQuoting, "SV902/tp-sloppy", "SKILL.md", 4, Medium},
		{SpecName, "SV903/tp-names/claude-pdf", "SKILL.md", 2, Low},
		{SpecOpenClawMetadata, "SV910/tp-openclaw/install", "SKILL.md", 13, Medium},
		{SpecOpenClawMetadata, "SV910/tp-openclaw/legacy", "SKILL.md", 5, Low},
		{SpecUnknownKey, "SV911/tp-unknown/keys", "SKILL.md", 4, Info},
		{SpecUnknownKey, "SV911/tp-unknown/keys", "SKILL.md", 5, Low},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 7, High},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 9, High},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 13, High},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 19, Medium},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 24, Medium},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 27, High},
		{SpecLinkTargets, "SV913/tp-links", "SKILL.md", 15, Medium},
		{SpecLinkTargets, "SV913/tp-links", "references/guide.md", 5, Medium},
		{SpecLinkTargets, "SV913/tp-links", "README.md", 3, Low},
	}
	for _, c := range cases {
		res := analyzertest.Run(t, filepath.Join(fixtures, c.dir), c.rule)
		found := false
		for _, r := range res {
			for _, f := range r.Findings {
				if f.Path == c.path && f.Start.Line == c.line {
					found = true
					if f.Severity != c.want {
						t.Errorf("%s %s:%d: severity %s, want %s (%s)", c.dir, c.path, c.line, f.Severity, c.want, f.Message)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s %s:%d: no finding", c.dir, c.path, c.line)
		}
	}
}

func TestLintResolveTarget(t *testing.T) {
	s := skill.New("demo", map[string][]byte{
		"SKILL.md":              []byte("---\nname: demo\ndescription: d\n---\n"),
		"references/guide.md":   []byte("# g"),
		"references/a b.md":     []byte("# ab"),
		"scripts/run.sh":        []byte("echo"),
		"assets/img/logo.svg":   []byte("<svg/>"),
		"references/deep/x.md":  []byte("# x"),
		"references/deep/y.txt": []byte("y"),
	})
	for _, c := range []struct {
		dir, target string
		want        int
	}{
		{".", "references/guide.md", lintTargetOK},
		{".", "./references/guide.md#part?x", lintTargetOK},
		{".", "references/guide.md?plain=1", lintTargetOK},
		{".", "references/a%20b.md", lintTargetOK},
		{".", "scripts/", lintTargetOK},
		{".", "assets", lintTargetOK},
		{".", "{baseDir}/scripts/run.sh", lintTargetOK},
		{"references", "${CLAUDE_SKILL_DIR}/scripts/run.sh", lintTargetOK},
		{"references", "guide.md", lintTargetOK},
		{"references", "../scripts/run.sh", lintTargetOK},
		{"references/deep", "../../SKILL.md", lintTargetOK},
		{".", "https://example.com/../../x", lintTargetOK},
		{".", "//cdn.example.com/x.js", lintTargetOK},
		{".", "mailto:a@example.com", lintTargetOK},
		{".", "#anchor", lintTargetOK},
		{".", "$OUT/report.md", lintTargetOK},
		{".", "references/missing.md", lintTargetMissing},
		{"references", "scripts/run.sh", lintTargetMissing}, // resolves to references/scripts/run.sh
		{".", "References/Guide.md", lintTargetCase},
		{".", "../x.md", lintTargetEscape},
		{"references", "../../x.md", lintTargetEscape},
		{".", "scripts/../../x", lintTargetEscape},
		{".", "%2e%2e/%2e%2e/etc/passwd", lintTargetEscape},
		{".", "%2E%2E%2Fsecret", lintTargetEscape},
		{".", `..\..\secret`, lintTargetEscape},
		{"references", "{baseDir}/../x", lintTargetEscape},
		{".", "/etc/passwd", lintTargetAbsolute},
		{".", "%2Fetc%2Fpasswd", lintTargetAbsolute},
		{".", "~/.ssh/id_rsa", lintTargetAbsolute},
		{".", `C:\Users\me\.aws\credentials`, lintTargetAbsolute},
		{".", "c:/windows/win.ini", lintTargetAbsolute},
		{".", `\\server\share\x`, lintTargetAbsolute},
		{".", "file:///etc/passwd", lintTargetAbsolute},
		{".", "FILE://host/share", lintTargetAbsolute},
		{".", "$HOME/.aws/credentials", lintTargetAbsolute},
		{".", "${HOME}/notes.md", lintTargetAbsolute},
		{".", `%USERPROFILE%\.ssh\id_rsa`, lintTargetAbsolute},
		{".", "$env:APPDATA/x", lintTargetAbsolute},
		{".", "$SECRETS_DIR/.ssh/id_ed25519", lintTargetAbsolute},
		{".", "${OUTPUT}/report.md", lintTargetOK},
		{".", "%TARGET%/report.md", lintTargetOK},
	} {
		if got, res := lintResolveTarget(s, c.dir, c.target); got != c.want {
			t.Errorf("lintResolveTarget(%q, %q) = %d (%s), want %d", c.dir, c.target, got, res, c.want)
		}
	}
}

// TestLintOddFrontmatter feeds the lint rules YAML of every unexpected
// shape: a rule that panics or errors would block the skill (SV002).
func TestLintOddFrontmatter(t *testing.T) {
	eng, err := analyzer.New(Lint(), analyzer.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, fm := range []string{
		"",
		"name:\ndescription:\nmetadata:\nallowed-tools:\nhooks:\ncontext:\nagent:\nlicense:\ncompatibility:",
		"name: [a]\ndescription: {a: b}\nmetadata: [1, 2]\nallowed-tools: [[Read]]\nhooks: [Stop]",
		"name: &n x\ndescription: *n\nmetadata: &m {a: b}\nlicense: *n",
		"? [complex, key]\n: value\n? {a: b}\n: c\nname: x",
		"metadata: {openclaw: [1, 2], clawdbot: null, clawdis: {requires: [bins], install: [null, {kind: null}, {kind: [brew]}, {kind: go, module: [x]}], os: {a: b}}}",
		"metadata: {openclaw: {requires: {bins: null, env: {a: b}}, install: {kind: brew}, always: null, emoji: []}}",
		"hooks: {Stop: null, PreToolUse: [null, 1, {hooks: null}, {hooks: [null, 1, {type: null}, {type: command, command: [x]}]}]}",
		"context: [fork]\nagent: {a: b}\nargument-hint: [[a]]\nuser-invocable: null",
		"name: x\nname: y\nmetadata: {a: 1, a: 2, <<: {b: c}}",
		"description: !!binary aGVsbG8=\nname: !custom x",
	} {
		src := "---\n" + fm + "\n---\n[x](../../y) ![i](%zz) <img src=\"\"> !read\n\n!read \n"
		s := skill.New("odd", map[string][]byte{"SKILL.md": []byte(src), "references/r.md": []byte("[a]( ) [b](<>) [c](#)")})
		r := eng.Analyze(context.Background(), s)
		for _, e := range r.Errors {
			t.Errorf("frontmatter %q: %s", fm, e)
		}
	}
}

// TestLintPositions checks that frontmatter findings point at a key or a
// value, not at blank space, across every lint fixture.
func TestLintPositions(t *testing.T) {
	for _, r := range Lint() {
		if r.Run == nil || r == SpecFrontmatterInvalid || r == SpecBodySize {
			continue // these report whole lines
		}
		for _, res := range analyzertest.Run(t, filepath.Join(fixtures, r.ID), r) {
			for _, f := range res.Findings {
				c := res.Skill.File(f.Path).Content
				if off := f.Start.Offset; off >= len(c) || strings.ContainsRune(" \t\r\n", rune(c[off])) {
					t.Errorf("%s %s:%d:%d: finding points at blank space: %s", res.Dir, f.Path, f.Start.Line, f.Start.Column, f.Message)
				}
			}
		}
	}
}
