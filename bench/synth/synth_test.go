package synth

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/skill"
)

func TestDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	opts := Options{N: 40, Seed: 7}
	sa, err := Generate(a, Options{N: 40, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sb, err := Generate(b, Options{N: 40, Seed: 7, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sa.String() != sb.String() {
		t.Fatalf("stats differ:\n%s\n%s", sa, sb)
	}
	n := 0
	filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between runs", rel)
		}
		n++
		return nil
	})
	if n != sa.Files {
		t.Errorf("walked %d files, stats say %d", n, sa.Files)
	}
	other := SkillAt(Options{N: 40, Seed: 8}, 0)
	if same := SkillAt(opts, 0); same.Dir == other.Dir && bytes.Equal(same.Files[0].Content, other.Files[0].Content) {
		t.Error("seeds 7 and 8 give the same first skill")
	}
}

func TestShape(t *testing.T) {
	opts := Options{N: 400, Seed: 1}
	var total, mal int
	kinds := map[string]int{}
	minified := 0
	for i := 0; i < opts.N; i++ {
		s := SkillAt(opts, i)
		files := map[string][]byte{}
		for _, f := range s.Files {
			files[f.Path] = f.Content
			total += len(f.Content)
			kinds[filepath.Ext(f.Path)]++
			if strings.HasSuffix(f.Path, ".js") || strings.HasSuffix(f.Path, ".ts") {
				for _, l := range bytes.Split(f.Content, []byte("\n")) {
					if len(l) > 2000 {
						minified++
						break
					}
				}
			}
		}
		if s.Malicious {
			mal++
		}
		md, ok := files["SKILL.md"]
		if !ok {
			t.Fatalf("%s has no SKILL.md", s.Dir)
		}
		sk := skill.New(s.Dir, files)
		if sk.Manifest.Err != nil || sk.Manifest.Name == "" || sk.Manifest.Description == "" {
			t.Fatalf("%s: frontmatter does not parse: %+v", s.Dir, sk.Manifest)
		}
		body := bytes.Count(md[sk.Manifest.BodyStart:], []byte("\n"))
		if body < 50 || (!s.Malicious && body > 430) {
			t.Errorf("%s: SKILL.md body has %d lines, want 50–400", s.Dir, body)
		}
		for _, f := range sk.Files {
			if !f.Kind.IsText() || f.Note != "" {
				t.Errorf("%s/%s: kind %s note %q", s.Dir, f.Path, f.Kind, f.Note)
			}
		}
	}
	avg := total / opts.N
	if avg < 15000 || avg > 28000 {
		t.Errorf("average skill is %d bytes, want about 20 KB (100 MB per 5,000)", avg)
	}
	if mal < 4 || mal > 25 {
		t.Errorf("%d of %d skills malicious, want about 3%%", mal, opts.N)
	}
	for _, e := range []string{".md", ".js", ".ts", ".sh", ".py"} {
		if kinds[e] == 0 {
			t.Errorf("no %s files", e)
		}
	}
	if minified == 0 {
		t.Error("no minified JS")
	}
}

func TestLoadsFromDisk(t *testing.T) {
	dir := t.TempDir()
	if _, err := Generate(dir, Options{N: 5, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) != 5 {
		t.Fatalf("%d entries, %v", len(ents), err)
	}
	for _, e := range ents {
		fsys, err := skill.OpenDir(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s, err := skill.Load(context.Background(), fsys, e.Name(), skill.Limits{})
		fsys.Close()
		if err != nil || len(s.Problems) > 0 {
			t.Errorf("%s: %v %v", e.Name(), err, s.Problems)
		}
	}
}
