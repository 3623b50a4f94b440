package loader

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillvet/skillvet/analyzer"
)

// evilRule is a test-only rule: it reports every "EVIL-PAYLOAD" in any
// text file as critical, so the gate tests do not depend on which real
// rules exist.
var evilRule = &analyzer.Rule{
	ID: "SV990", Name: "test-evil", Title: "Test payload marker", Doc: "Test only.",
	Severity: analyzer.Critical, Category: analyzer.CatRemoteExec, Inputs: analyzer.InAnyText,
	Keywords: []string{"evil-payload"},
	Run: func(p *analyzer.Pass) error {
		c := p.File.Content
		for off := 0; ; {
			i := bytes.Index(c[off:], []byte("EVIL-PAYLOAD"))
			if i < 0 {
				return nil
			}
			p.Report(analyzer.Diagnostic{Start: off + i, End: off + i + 12, Message: "test payload"})
			off += i + 12
		}
	},
}

// warnRule reports "MEDIUM-THING" at medium severity: below the default
// threshold.
var warnRule = &analyzer.Rule{
	ID: "SV991", Name: "test-warn", Title: "Test medium marker", Doc: "Test only.",
	Severity: analyzer.Medium, Category: analyzer.CatManipulation, Inputs: analyzer.InAnyText,
	Keywords: []string{"medium-thing"},
	Run: func(p *analyzer.Pass) error {
		if i := bytes.Index(p.File.Content, []byte("MEDIUM-THING")); i >= 0 {
			p.Report(analyzer.Diagnostic{Start: i, Message: "medium thing"})
		}
		return nil
	},
}

// hangRule never finishes on files holding "HANG-HERE"; failRule errors
// on files holding "FAIL-HERE".
var hangRule = &analyzer.Rule{
	ID: "SV992", Name: "test-hang", Title: "Test hang", Doc: "Test only.",
	Severity: analyzer.Low, Category: analyzer.CatLint, Inputs: analyzer.InAnyText,
	Keywords: []string{"hang-here"},
	Run: func(p *analyzer.Pass) error {
		<-p.Context().Done()
		return p.Context().Err()
	},
}

var failRule = &analyzer.Rule{
	ID: "SV993", Name: "test-fail", Title: "Test failure", Doc: "Test only.",
	Severity: analyzer.Low, Category: analyzer.CatLint, Inputs: analyzer.InAnyText,
	Keywords: []string{"fail-here"},
	Run:      func(p *analyzer.Pass) error { return errors.New("rule broke") },
}

func testRules() []*analyzer.Rule {
	return append(analyzer.BuiltinRules(), evilRule, warnRule, hangRule, failRule)
}

func writeFile(t testing.TB, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// skillMD builds a SKILL.md; extra is more frontmatter lines.
func skillMD(name, desc, extra, body string) string {
	fm := "---\nname: " + name + "\ndescription: " + desc + "\n"
	if extra != "" {
		fm += strings.TrimRight(extra, "\n") + "\n"
	}
	return fm + "---\n" + body
}

// mkSkill writes <root>/<dir>/SKILL.md and returns the skill directory.
func mkSkill(t testing.TB, root, dir, content string) string {
	t.Helper()
	d := filepath.Join(root, dir)
	writeFile(t, filepath.Join(d, "SKILL.md"), content)
	return d
}

func simpleSkill(t testing.TB, root, name, body string) string {
	return mkSkill(t, root, name, skillMD(name, "Does "+name+" things.", "", body))
}

func newTestLoader(t testing.TB, o Options) *Loader {
	t.Helper()
	if o.Rules == nil {
		o.Rules = testRules()
	}
	if o.LookPath == nil {
		o.LookPath = func(string) (string, error) { return "", errors.New("not found") }
	}
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	if o.Platform == "" {
		o.Platform = "linux"
	}
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func mustLoad(t testing.TB, l *Loader) *Registry {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := l.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// entriesNamed returns every entry with the given name, winner first.
func entriesNamed(r *Registry, name string) []*Entry {
	var out []*Entry
	for _, e := range r.Entries() {
		if e.Name == name {
			out = append(out, e)
		}
	}
	return out
}

func wantStatus(t *testing.T, e *Entry, s Status) {
	t.Helper()
	if e == nil {
		t.Fatalf("no entry, want %s", s)
	}
	if e.Status != s {
		t.Fatalf("%s (%s): status %s (%s), want %s", e.Name, e.Dir, e.Status, e.Reason, s)
	}
}
