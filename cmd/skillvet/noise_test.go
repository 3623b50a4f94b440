package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// noisyTree is one skill with many low-severity lint findings (unknown
// frontmatter keys) and one that ships a binary (blocks).
func noisyTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var keys strings.Builder
	for i := range 30 {
		keys.WriteString("x-key-" + string(rune('a'+i%26)) + strings.Repeat("z", i/26) + ": v\n")
	}
	writeFiles(t, dir, map[string]string{
		"noisy/SKILL.md":     "---\nname: noisy\ndescription: A skill with many unknown keys.\n" + keys.String() + "---\n# Noisy\n\nDo the thing.\n",
		"bad/SKILL.md":       "---\nname: bad\ndescription: Ships a binary.\n---\n# Bad\n",
		"bad/scripts/helper": "\x7fELF\x02\x01\x01\x00\x00\x00\x00",
	})
	return dir
}

func TestScanNoiseControl(t *testing.T) {
	dir := noisyTree(t)
	code, all, _ := runCLI(t, "scan", "--max-per-rule", "0", dir)
	if code != 1 || strings.Count(all, "info SV911 (lint) unknown") != 30 {
		t.Fatalf("exit %d, %d SV911 lines without a cap:\n%s", code, strings.Count(all, "info SV911 (lint) unknown"), all)
	}

	// The default cap lists 10 and counts the rest, in the tally and in a note.
	code, out, _ := runCLI(t, "scan", dir)
	if code != 1 || strings.Count(out, "info SV911 (lint) unknown") != defaultMaxPerRule {
		t.Errorf("default cap: exit %d, %d SV911 lines:\n%s", code, strings.Count(out, "info SV911 (lint) unknown"), out)
	}
	if !strings.Contains(out, "SV911      Unknown top-level frontmatter key (20 not listed)") ||
		!strings.Contains(out, "20 finding(s) not listed: 20 over --max-per-rule 10") {
		t.Errorf("capped findings not counted:\n%s", out)
	}
	if !strings.Contains(out, "SV003") {
		t.Errorf("the blocking finding is missing:\n%s", out)
	}

	// --severity high: no lint lines, the outcome is unchanged.
	code, out, _ = runCLI(t, "scan", "--severity", "high", dir)
	if code != 1 || strings.Contains(out, "info SV911 (lint) unknown") || !strings.Contains(out, "SV003") || !strings.Contains(out, "below --severity high") {
		t.Errorf("--severity high: exit %d\n%s", code, out)
	}
	if code, _, errOut := runCLI(t, "scan", "--severity", "loud", dir); code != 2 || !strings.Contains(errOut, "--severity") {
		t.Errorf("bad --severity: exit %d %s", code, errOut)
	}

	// The config's report section sets both; flags win.
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "report:\n  severity: low\n"})
	if _, out, _ := runCLI(t, "scan", dir); strings.Contains(out, "info SV911 (lint) unknown") {
		t.Errorf("report.severity low lists info findings:\n%s", out)
	}
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "report:\n  severity: info\n  max-per-rule: 2\n"})
	if _, out, _ := runCLI(t, "scan", dir); strings.Count(out, "info SV911 (lint) unknown") != 2 {
		t.Errorf("report.max-per-rule: %d SV911 lines", strings.Count(out, "info SV911 (lint) unknown"))
	}
	if _, out, _ := runCLI(t, "scan", "--max-per-rule", "5", dir); strings.Count(out, "info SV911 (lint) unknown") != 5 {
		t.Errorf("--max-per-rule over config: %d SV911 lines", strings.Count(out, "info SV911 (lint) unknown"))
	}

	// Machine formats carry everything whatever the display settings.
	if _, out, _ := runCLI(t, "scan", "--format", "json", "--severity", "critical", dir); strings.Count(out, `"rule": "SV911"`) != 30 {
		t.Errorf("JSON lost findings to display settings: %d", strings.Count(out, `"rule": "SV911"`))
	}
}

func TestScanQuietOutputFileAndNothingScanned(t *testing.T) {
	dir := noisyTree(t)
	// --quiet: findings, no tally, no summary.
	_, out, errOut := runCLI(t, "scan", "--quiet", dir)
	if strings.Contains(out, "skill(s):") || strings.Contains(out, "Findings by rule") || errOut != "" || !strings.Contains(out, "SV003") {
		t.Errorf("--quiet:\nstdout %s\nstderr %s", out, errOut)
	}
	// -o FILE: the summary goes to standard error.
	file := filepath.Join(t.TempDir(), "r.txt")
	code, out, errOut := runCLI(t, "scan", "-o", file, dir)
	if code != 1 || out != "" || !strings.Contains(errOut, "2 skill(s): 1 blocked") || !strings.Contains(errOut, "(report: "+file+")") {
		t.Errorf("-o: exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(file); !strings.Contains(string(b), "SV003") {
		t.Errorf("report file: %s", b)
	}
	// JSON on standard output: the summary goes to standard error too.
	if _, _, errOut := runCLI(t, "scan", "--format", "json", dir); !strings.Contains(errOut, "2 skill(s)") {
		t.Errorf("json: stderr %q", errOut)
	}

	// An empty directory: said, and exit 2.
	empty := t.TempDir()
	code, _, errOut = runCLI(t, "scan", empty)
	if code != 2 || !strings.Contains(errOut, "no skills found under "+empty) || !strings.Contains(errOut, "nothing was scanned") {
		t.Errorf("empty dir: exit %d %q", code, errOut)
	}
	// Files outside any skill (what pre-commit passes): said, exit 0.
	writeFiles(t, empty, map[string]string{"README.md": "hi"})
	code, _, errOut = runCLI(t, "scan", filepath.Join(empty, "README.md"))
	if code != 0 || !strings.Contains(errOut, "none of the 1 given file(s) is inside a skill") {
		t.Errorf("outside files: exit %d %q", code, errOut)
	}
	// Every skill excluded by the config: said, exit 0.
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "exclude: ['*']\n"})
	code, _, errOut = runCLI(t, "scan", dir)
	if code != 0 || !strings.Contains(errOut, "all 2 skill(s) found are excluded by") {
		t.Errorf("all excluded: exit %d %q", code, errOut)
	}
}

func TestExcludeRulesCLI(t *testing.T) {
	dir := noisyTree(t)
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "exclude-rules:\n  - paths: ['noisy/**']\n    rules: [SV911]\n    reason: generated frontmatter\n"})
	code, out, _ := runCLI(t, "scan", "--show-suppressed", "--max-per-rule", "0", dir)
	if code != 1 || strings.Count(out, "[suppressed (external): exclude-rules in ") != 30 || !strings.Contains(out, ": generated frontmatter]") {
		t.Errorf("exclude-rules: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "30 suppressed") {
		t.Errorf("not counted as suppressed:\n%s", out)
	}
	// A typo in a rule ID is an error with the line, not a silent no-op.
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "version: 1\nexclude-rules:\n  - paths: ['noisy/**']\n    rules: [SV9111]\n"})
	if code, _, errOut := runCLI(t, "scan", dir); code != 2 || !strings.Contains(errOut, ".skillvet.yaml:3: exclude-rules[0]: unknown rule \"SV9111\"") {
		t.Errorf("typo: exit %d %q", code, errOut)
	}
	// Unanalysed content cannot be excluded away.
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "exclude-rules:\n  - paths: ['**']\n    rules: [SV003]\n"})
	if code, _, _ := runCLI(t, "scan", dir); code != 1 {
		t.Errorf("an excluded SV003 unblocked a binary: exit %d", code)
	}
}

func TestConfigErrorSaysKeyLineAndKnownKeys(t *testing.T) {
	dir := noisyTree(t)
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "version: 1\nrulez:\n  disable: [SV911]\n"})
	code, _, errOut := runCLI(t, "scan", dir)
	want := `.skillvet.yaml:2: unknown key "rulez" at the top level (did you mean "rules"?); known keys: version, fail-on`
	if code != 2 || !strings.Contains(errOut, want) || strings.Contains(errOut, "config.Config") {
		t.Errorf("exit %d %q", code, errOut)
	}
}
