package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func auditTree(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("s%02d", i)
		files[filepath.Join("reg", name, "SKILL.md")] = skillMD(name)
		if i%3 == 0 {
			files[filepath.Join("reg", name, "bin", "x")] = elf
		}
	}
	files["reg/s01/SKILL.md"] = "---\nname: s01\ndescription: \"<script>alert(1)</script>\"\n---\n# x\n"
	writeFiles(t, dir, files)
	return dir
}

func readSummary(t *testing.T, dir string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAuditResumeShardMerge(t *testing.T) {
	tree := auditTree(t, 12)
	out := filepath.Join(tree, "out")
	code, stdout, stderr := runCLI(t, "audit", "-o", out, filepath.Join(tree, "reg"))
	if code != 1 || !strings.Contains(stdout, "audited 12 skill(s) (0 resumed): 5 blocked") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, f := range []string{"audit.json", "audit.md", "audit.html", "summary.json", "progress.jsonl"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	full := readSummary(t, out)
	html, _ := os.ReadFile(filepath.Join(out, "audit.html"))
	if strings.Contains(string(html), "<script>alert") {
		t.Error("HTML report does not escape skill-controlled text")
	}

	// Resume: keep 5 lines of progress (the last one cut short, as after a
	// crash) and rerun: only the rest is scanned, the outcome is the same.
	prog := filepath.Join(out, "progress.jsonl")
	b, _ := os.ReadFile(prog)
	lines := strings.SplitAfter(string(b), "\n")
	os.WriteFile(prog, []byte(strings.Join(lines[:4], "")+lines[4][:10]), 0o644)
	code, stdout, _ = runCLI(t, "audit", "--resume", "-o", out, filepath.Join(tree, "reg"))
	if code != 1 || !strings.Contains(stdout, "audited 12 skill(s) (4 resumed)") {
		t.Errorf("resume: exit %d %s", code, stdout)
	}
	if got := readSummary(t, out); fmt.Sprint(got) != fmt.Sprint(full) {
		t.Errorf("resumed summary differs:\n%v\n%v", got, full)
	}

	// Shards: every skill in exactly one shard; merged equals the full audit.
	var reports []string
	total := 0
	for i := 1; i <= 3; i++ {
		sd := filepath.Join(tree, fmt.Sprintf("shard%d", i))
		runCLI(t, "audit", "--shard", fmt.Sprintf("%d/3", i), "-o", sd, filepath.Join(tree, "reg"))
		total += int(readSummary(t, sd)["skills"].(float64))
		reports = append(reports, filepath.Join(sd, "audit.json"))
	}
	if total != 12 {
		t.Errorf("shards cover %d skills, want 12", total)
	}
	merged := filepath.Join(tree, "merged")
	code, stdout, stderr = runCLI(t, append([]string{"merge", "-o", merged}, reports...)...)
	if code != 1 {
		t.Fatalf("merge exit %d %s %s", code, stdout, stderr)
	}
	if got := readSummary(t, merged); fmt.Sprint(got) != fmt.Sprint(full) {
		t.Errorf("merged summary differs:\n%v\n%v", got, full)
	}
	if code, _, _ := runCLI(t, "audit", "--shard", "4/3", filepath.Join(tree, "reg")); code != 2 {
		t.Errorf("bad shard accepted")
	}
}
