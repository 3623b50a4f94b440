package fix

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlanAndApply(t *testing.T) {
	src := "---\nname: Old_Name  \ndescription: Use when: the user asks\nlicense: MIT\n---\n# Body with trailing space  \n"
	edits := Plan([]byte(src), "pdf-tools")
	var whys []string
	for _, e := range edits {
		whys = append(whys, e.Why)
	}
	if len(edits) != 2 || edits[0].New != "name: pdf-tools" || edits[1].New != "description: 'Use when: the user asks'" {
		t.Fatalf("edits = %+v", edits)
	}
	out, err := Apply([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nname: pdf-tools\ndescription: 'Use when: the user asks'\nlicense: MIT\n---\n# Body with trailing space  \n"
	if string(out) != want {
		t.Errorf("got %q", out)
	}
	if again := Plan(out, "pdf-tools"); len(again) != 0 {
		t.Errorf("not idempotent: %+v", again)
	}
	d := Diff("s/SKILL.md", []byte(src), edits)
	if !strings.Contains(d, "-name: Old_Name  \n-description: Use when: the user asks\n+name: pdf-tools\n") || !strings.HasPrefix(d, "--- a/s/SKILL.md\n+++ b/s/SKILL.md\n@@ -1,6 +1,6 @@") {
		t.Errorf("diff:\n%s", d)
	}
}

func TestNoFixForInvalidDirOrBrokenYAML(t *testing.T) {
	src := "---\nname: x\ndescription: d\n---\n"
	if e := Plan([]byte(src), "Bad_Dir"); len(e) != 0 {
		t.Errorf("renamed to an invalid directory name: %+v", e)
	}
	broken := "---\nname: x\ndescription: [unclosed\n---\n"
	if e := Plan([]byte(broken), "y"); len(e) != 0 {
		t.Errorf("edited unparsable YAML: %+v", e)
	}
	if _, err := Apply([]byte(src), []Edit{{Line: 2, Old: "name: other", New: "name: y"}}); err == nil {
		t.Error("stale edit applied")
	}
}

func TestCRLFPreserved(t *testing.T) {
	src := "---\r\nname: a \r\ndescription: d\r\n---\r\nbody\r\n"
	out, err := Apply([]byte(src), Plan([]byte(src), "a"))
	if err != nil || string(out) != "---\r\nname: a\r\ndescription: d\r\n---\r\nbody\r\n" {
		t.Errorf("%q %v", out, err)
	}
}

// TestDiffAppliesWithGit: the dry-run diff is a patch git apply accepts and
// that produces exactly what Apply writes, for edits on adjacent lines
// (one hunk, not overlapping ones), CRLF files and a last line without a
// newline.
func TestDiffAppliesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for name, src := range map[string]string{
		"adjacent":         "---\nname: Old_Name  \ndescription: Use when: the user asks \nlicense: MIT \n---\n# Body\n",
		"far apart":        "---\nname: Old_Name\ndescription: d\nlicense: MIT\nmetadata:\n  a: b\n  c: d\n  e: f\n  g: h\ncompatibility: x \n---\n# Body\n",
		"crlf":             "---\r\nname: a \r\ndescription: d \r\n---\r\nbody\r\n",
		"no final newline": "---\nname: a\ndescription: d\n---  ",
	} {
		t.Run(name, func(t *testing.T) {
			edits := Plan([]byte(src), "pdf-tools")
			if len(edits) == 0 {
				t.Fatal("no edits planned")
			}
			want, err := Apply([]byte(src), edits)
			if err != nil {
				t.Fatal(err)
			}
			d := Diff("s/SKILL.md", []byte(src), edits)
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "s"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "s", "SKILL.md"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "fix.diff"), []byte(d), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"apply", "--check", "fix.diff"}, {"apply", "fix.diff"}} {
				cmd := exec.Command("git", args...)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s\ndiff:\n%s", args, err, out, d)
				}
			}
			got, _ := os.ReadFile(filepath.Join(dir, "s", "SKILL.md"))
			if string(got) != string(want) {
				t.Errorf("git apply gave %q, Apply %q\ndiff:\n%s", got, want, d)
			}
			if n := strings.Count(d, "@@ -"); name == "adjacent" && n != 1 || name == "far apart" && n != 2 {
				t.Errorf("%d hunks:\n%s", n, d)
			}
		})
	}
}
