package report_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/report/reporttest"
	_ "github.com/skillvet/skillvet/sarif" // registers the sarif format
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/report")

// goldens lists every golden file: the format, how the fixture is set up,
// and the file under testdata/report.
var goldens = []struct {
	file   string
	format string
	setup  func(*report.Report)
}{
	{"text.txt", "text", func(r *report.Report) {}},
	{"text-color.txt", "text", func(r *report.Report) { r.Color, r.ShowSuppressed = true, true }},
	{"report.json", "json", func(r *report.Report) {}},
	{"report.sarif", "sarif", func(r *report.Report) { r.SourceRoot = "/src/repo" }},
	{"report.md", "markdown", func(r *report.Report) { r.ShowSuppressed = true }},
	{"report-hidden-suppressed.md", "markdown", func(r *report.Report) {}},
	{"junit.xml", "junit", func(r *report.Report) {}},
}

func TestGolden(t *testing.T) {
	covered := map[string]bool{}
	for _, g := range goldens {
		covered[g.format] = true
		t.Run(g.file, func(t *testing.T) {
			r := reporttest.Report()
			g.setup(r)
			w, err := report.Lookup(g.format)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := w(&got, r); err != nil {
				t.Fatal(err)
			}
			// Writing twice must give the same bytes (no map order, no
			// clock, no mutation of the report).
			var again bytes.Buffer
			if err := w(&again, r); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), again.Bytes()) {
				t.Fatalf("%s output is not deterministic", g.format)
			}
			path := filepath.Join("..", "testdata", "report", g.file)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./report/ -update)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s differs from the golden file (go test ./report/ -update rewrites it):\n%s",
					g.file, firstDiff(string(want), got.String()))
			}
		})
	}
	for _, f := range report.Formats() {
		if !covered[f] {
			t.Errorf("format %q has no golden file", f)
		}
	}
}

// firstDiff shows the first line that differs.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want: %q\n  got:  %q", i+1, w, g)
		}
	}
	return "(identical lines, different bytes)"
}
