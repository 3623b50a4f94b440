package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/isolate"
)

// --isolate re-executes os.Executable() with the hidden worker subcommand;
// in tests that is this test binary, which serves it through the same
// command table as the real binary.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == isolate.WorkerCommand {
		e := &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, getenv: os.Getenv}
		os.Exit(run(context.Background(), e, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func isolateFixtures(t *testing.T) string {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		".skillvet.yaml":            "custom-rules:\n  - id: ACME-001\n    title: Internal host\n    severity: high\n    message: internal hostname\n    in: text\n    keywords: [corp.acme.internal]\n",
		"skills/clean/SKILL.md":     "---\nname: clean\ndescription: A clean skill.\n---\n# Clean\n\nDo the thing.\n",
		"skills/bad/SKILL.md":       "---\nname: bad\ndescription: Ships a binary.\ncolour: blue\n---\n# Bad\n\nSee https://corp.acme.internal/x\n",
		"skills/bad/scripts/helper": "\x7fELF\x02\x01\x01\x00\x00\x00\x00",
		"skills/odd/SKILL.md":       "---\nname: odd\ndescription: [unclosed\n---\nbody <!-- skillvet:ignore SV911 -->\n",
	})
	return dir
}

// scan and lint --isolate write exactly the report of an in-process scan,
// custom rules (run in the worker from their specification) included.
func TestScanIsolateSameReport(t *testing.T) {
	dir := isolateFixtures(t)
	skills := filepath.Join(dir, "skills")
	cfg := filepath.Join(dir, ".skillvet.yaml")
	for _, args := range [][]string{
		{"scan", "--format", "json", "--config", cfg, skills},
		{"scan", "--format", "sarif", "--config", cfg, "--jobs", "1", skills},
		{"lint", "--format", "json", "--config", cfg, skills},
		{"scan", "--format", "json", "--config", cfg, filepath.Join(dir, "missing")},
	} {
		code, want, _ := runCLI(t, args...)
		icode, got, stderr := runCLI(t, append(args, "--isolate")...)
		if code != icode || want != got {
			t.Fatalf("%v: exit %d vs %d (%s)\nin-process:\n%s\nisolated:\n%s", args, code, icode, stderr, want, got)
		}
		if args[0] == "scan" && args[len(args)-1] == skills && (!strings.Contains(got, "ACME-001") || !strings.Contains(got, "SV003")) {
			t.Fatalf("%v: findings missing:\n%s", args, got)
		}
	}
}

// The loader commands take --isolate and decide the same.
func TestLoaderIsolateSameDecisions(t *testing.T) {
	dir := isolateFixtures(t)
	for _, args := range [][]string{
		{"list", "--format", "json", "--root", filepath.Join(dir, "skills"), "--config", filepath.Join(dir, ".skillvet.yaml")},
		{"info", "--format", "json", "--root", filepath.Join(dir, "skills"), "bad"},
	} {
		code, want, _ := runCLI(t, args...)
		icode, got, stderr := runCLI(t, append(args, "--isolate")...)
		if code != icode || want != got {
			t.Fatalf("%v: exit %d vs %d (%s)\n%s\n%s", args, code, icode, stderr, want, got)
		}
		if !strings.Contains(got, `"status": "refused"`) {
			t.Fatalf("%v: nothing refused:\n%s", args, got)
		}
	}
}

func TestWorkerCommandHidden(t *testing.T) {
	_, out, _ := runCLI(t, "help")
	if strings.Contains(out, isolate.WorkerCommand) || !strings.Contains(out, "scan") {
		t.Fatalf("usage lists the worker or misses scan:\n%s", out)
	}
	if code, _, _ := runCLI(t, isolate.WorkerCommand, "extra"); code != 2 {
		t.Fatalf("worker with arguments: exit %d", code)
	}
}
