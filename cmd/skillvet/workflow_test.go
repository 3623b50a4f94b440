package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const elf = "\x7fELF\x02\x01\x01\x00\x00\x00\x00"

func skillMD(name string) string {
	return "---\nname: " + name + "\ndescription: A demo skill.\n---\n# " + name + "\n\nDo the thing.\n"
}

func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	t.Setenv("GIT_AUTHOR_NAME", "t")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "t")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@example.com")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", dir)
	gitRun(t, dir, "init", "-q", "-b", "main")
	return dir
}

func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func scannedSkills(t *testing.T, out string) map[string]string {
	t.Helper()
	var rep struct {
		Skills []struct{ Name, Verdict string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	m := map[string]string{}
	for _, s := range rep.Skills {
		m[s.Name] = s.Verdict
	}
	return m
}

func TestStagedScansTheIndex(t *testing.T) {
	repo := gitRepo(t)
	writeFiles(t, repo, map[string]string{
		"skills/a/SKILL.md": skillMD("a"),
		"skills/b/SKILL.md": skillMD("b"),
		"README.md":         "hi",
	})
	gitRun(t, repo, "add", "-A")
	gitRun(t, repo, "commit", "-qm", "init")
	t.Chdir(repo)

	// Stage a binary in a, then make the working tree clean again: the
	// index (what will be committed) is what counts.
	writeFiles(t, repo, map[string]string{"skills/a/tool": elf})
	gitRun(t, repo, "add", "skills/a/tool")
	writeFiles(t, repo, map[string]string{"skills/a/tool": "#!/bin/sh\necho clean\n"})
	// An unstaged change in b is not scanned.
	writeFiles(t, repo, map[string]string{"skills/b/x": elf})

	code, out, errOut := runCLI(t, "scan", "--staged", "--format", "json")
	got := scannedSkills(t, out)
	if code != 1 || got["a"] != "block" || len(got) != 1 {
		t.Fatalf("exit %d skills %v\n%s", code, got, errOut)
	}

	// Unstage: nothing staged in any skill, nothing to scan.
	gitRun(t, repo, "reset", "-q")
	code, out, _ = runCLI(t, "scan", "--staged", "--format", "json")
	if code != 0 || len(scannedSkills(t, out)) != 0 {
		t.Errorf("exit %d %s", code, out)
	}
}

func TestSinceScansChangedSkillsWhole(t *testing.T) {
	repo := gitRepo(t)
	writeFiles(t, repo, map[string]string{
		"skills/a/SKILL.md":   skillMD("a"),
		"skills/a/bin/helper": elf, // pre-existing problem in a
		"skills/b/SKILL.md":   skillMD("b"),
	})
	gitRun(t, repo, "add", "-A")
	gitRun(t, repo, "commit", "-qm", "init")
	t.Chdir(repo)
	code, out, _ := runCLI(t, "scan", "--since", "HEAD", "--format", "json")
	if code != 0 || len(scannedSkills(t, out)) != 0 {
		t.Fatalf("no changes: exit %d %s", code, out)
	}
	writeFiles(t, repo, map[string]string{"skills/a/references/new.md": "# new\n", "skills/c/SKILL.md": skillMD("c")})
	code, out, _ = runCLI(t, "scan", "--since", "HEAD", "--format", "json")
	got := scannedSkills(t, out)
	if code != 1 || got["a"] != "block" || got["c"] != "pass" || len(got) != 2 {
		t.Errorf("exit %d skills %v", code, got)
	}
	if code, _, _ := runCLI(t, "scan", "--since", "no-such-ref"); code != 2 {
		t.Errorf("bad ref: exit %d", code)
	}
}

func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"s/SKILL.md": skillMD("s"), "s/tool.bin": "ab\x00cd"})
	base := filepath.Join(dir, "baseline.json")
	// Unanalysed content is never baselined: the binary still blocks.
	if code, _, _ := runCLI(t, "scan", "--write-baseline", base, dir); code != 0 {
		t.Fatalf("write-baseline exit %d", code)
	}
	if code, _, _ := runCLI(t, "scan", "--baseline", base, dir); code != 1 {
		t.Errorf("baselined unanalysed content passed")
	}
	// A medium finding (archive) is baselined and survives a rename-free edit.
	writeFiles(t, dir, map[string]string{"s/tool.bin": "", "s/a.zip": "PK\x03\x04xxxx"})
	os.Remove(filepath.Join(dir, "s", "tool.bin"))
	if code, _, _ := runCLI(t, "scan", "--fail-on", "medium", dir); code != 1 {
		t.Fatalf("archive should fail at medium")
	}
	runCLI(t, "scan", "--write-baseline", base, dir)
	code, out, _ := runCLI(t, "scan", "--fail-on", "medium", "--baseline", base, "--format", "json", dir)
	if code != 0 || !strings.Contains(out, `"kind": "external"`) {
		t.Errorf("baseline not applied: exit %d\n%s", code, out)
	}
	writeFiles(t, dir, map[string]string{"s/b.zip": "PK\x03\x04yyyy"})
	if code, _, _ := runCLI(t, "scan", "--fail-on", "medium", "--baseline", base, dir); code != 1 {
		t.Errorf("a new finding was hidden by the baseline")
	}
}

func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"skills/s/SKILL.md":   skillMD("s") + "\nSee corp.acme.internal for details.\n",
		"skills/s/a.zip":      "PK\x03\x04xxxx",
		"skills/old/SKILL.md": skillMD("old"),
		"skills/old/x.exe":    elf,
		".skillvet.yaml": `version: 1
fail-on: medium
exclude: [skills/old]
custom-rules:
  - id: ACME-001
    title: Internal host
    severity: low
    message: internal hostname
    in: prose
    keywords: [corp.acme.internal]
`,
	})
	code, out, errOut := runCLI(t, "scan", "--format", "json", filepath.Join(dir, "skills"))
	got := scannedSkills(t, out)
	if code != 1 || len(got) != 1 || !strings.Contains(out, "ACME-001") {
		t.Fatalf("exit %d skills %v\n%s\n%s", code, got, out, errOut)
	}
	// explain knows the custom rule: its doc, where it is defined and what it matches.
	code, out, errOut = runCLI(t, "explain", "--config", filepath.Join(dir, ".skillvet.yaml"), "acme-001")
	if code != 0 || !strings.Contains(out, "ACME-001 acme-001: Internal host") || !strings.Contains(out, ".skillvet.yaml:5.") ||
		!strings.Contains(out, "Matches in: prose") || !strings.Contains(out, "Keywords (case-insensitive): corp.acme.internal") {
		t.Errorf("explain custom rule: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "explain", "--config", filepath.Join(dir, ".skillvet.yaml"), "ACME-002"); code != 2 || !strings.Contains(errOut, "or the custom rules of") {
		t.Errorf("unknown custom rule: exit %d %s", code, errOut)
	}
	// The flag overrides the config's fail-on.
	if code, _, _ := runCLI(t, "scan", "--fail-on", "high", filepath.Join(dir, "skills")); code != 0 {
		t.Errorf("--fail-on high: exit %d", code)
	}
	writeFiles(t, dir, map[string]string{".skillvet.yaml": "version: 1\nrules:\n  disabel: [SV003]\n"})
	code, _, errOut = runCLI(t, "scan", filepath.Join(dir, "skills"))
	if code != 2 || !strings.Contains(errOut, ".skillvet.yaml:3:") {
		t.Errorf("unknown key: exit %d, stderr %q", code, errOut)
	}
	cfg := filepath.Join(dir, "new.yaml")
	if code, _, _ := runCLI(t, "config", "init", cfg); code != 0 {
		t.Fatal("config init failed")
	}
	if code, _, _ := runCLI(t, "config", "init", cfg); code != 2 {
		t.Error("config init overwrote a file without --force")
	}
	if code, _, errOut := runCLI(t, "scan", "--config", cfg, filepath.Join(dir, "skills", "s")); code != 0 {
		t.Errorf("default config: exit %d %s", code, errOut)
	}
}

func TestInlineSuppressionCLI(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"s/SKILL.md": skillMD("s") + "\n<!-- skillvet:ignore SV004 -- legacy file kept for reference -->\n",
		"s/old.md":   "<!-- skillvet:ignore-file SV004 -- legacy Latin-1 notes -->\ncaf\xe9\n",
	})
	code, out, _ := runCLI(t, "scan", "--fail-on", "medium", "--format", "json", dir)
	if code != 0 || !strings.Contains(out, `"inSource"`) || !strings.Contains(out, "SV011") {
		t.Errorf("exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "scan", "--fail-on", "medium", "--no-inline-suppressions", dir); code != 1 {
		t.Errorf("--no-inline-suppressions: exit %d", code)
	}
}

func TestFixCommand(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"pdf-tools/SKILL.md": "---\nname: PDF Tools\ndescription: Use when: PDFs\n---\nbody\n"})
	p := filepath.Join(dir, "pdf-tools", "SKILL.md")
	var out, errb strings.Builder
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string {
		if k == "CI" {
			return "true"
		}
		return ""
	}}
	if code := run(t.Context(), e, []string{"fix", dir}); code != 1 || !strings.Contains(out.String(), "+name: pdf-tools") {
		t.Fatalf("dry run in CI: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if b, _ := os.ReadFile(p); !strings.Contains(string(b), "PDF Tools") {
		t.Fatal("dry run changed the file")
	}
	if code, _, _ := runCLI(t, "fix", dir); code != 0 {
		t.Fatal("fix failed")
	}
	b, _ := os.ReadFile(p)
	if string(b) != "---\nname: pdf-tools\ndescription: 'Use when: PDFs'\n---\nbody\n" {
		t.Errorf("fixed file = %q", b)
	}
	if code, _, errOut := runCLI(t, "fix", dir); code != 0 || !strings.Contains(errOut, "nothing to fix") {
		t.Errorf("second run: %d %s", code, errOut)
	}
}

// TestFixDryRunDiffApplies: what 'fix --dry-run' prints is a patch git
// apply accepts from the working directory, with adjacent edits.
func TestFixDryRunDiffApplies(t *testing.T) {
	repo := gitRepo(t)
	writeFiles(t, repo, map[string]string{"skills/pdf-tools/SKILL.md": "---\nname: PDF Tools \ndescription: Use when: PDFs \nlicense: MIT \n---\nbody\n"})
	t.Chdir(repo)
	code, diff, errOut := runCLI(t, "fix", "--dry-run", "skills")
	if code != 1 || !strings.HasPrefix(diff, "--- a/skills/pdf-tools/SKILL.md\n") {
		t.Fatalf("exit %d\n%s%s", code, diff, errOut)
	}
	writeFiles(t, repo, map[string]string{"fix.diff": diff})
	gitRun(t, repo, "apply", "--check", "fix.diff")
}
