package facts

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// factsMayImport are the packages of this module a facts package may
// import (with their sub-packages): the engine's types, the skill model,
// the parsers, threat knowledge and other facts packages. Anything else
// (rules above all) would point the layering the wrong way.
var factsMayImport = []string{"analyzer", "skill", "parse", "intel", "facts"}

// importViolations lists the imports of module packages outside
// factsMayImport in the Go files (tests included) under root.
func importViolations(root, module string) ([]string, error) {
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, is := range f.Imports {
			ip, _ := strconv.Unquote(is.Path.Value)
			rel, ok := strings.CutPrefix(ip, module+"/")
			if !ok {
				continue // standard library or third party
			}
			top, _, _ := strings.Cut(rel, "/")
			allowed := false
			for _, a := range factsMayImport {
				allowed = allowed || top == a
			}
			if !allowed {
				r, _ := filepath.Rel(root, p)
				out = append(out, fmt.Sprintf("%s:%d imports %s: facts packages may import only %s",
					filepath.ToSlash(r), fset.Position(is.Pos()).Line, ip, strings.Join(factsMayImport, ", ")))
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// modulePath reads the module path from go.mod in dir.
func modulePath(t *testing.T, dir string) string {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(sc.Text(), "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatal("no module line in go.mod")
	return ""
}

func TestFactsDoNotImportRules(t *testing.T) {
	got, err := importViolations(".", modulePath(t, ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range got {
		t.Error(v)
	}
}

// TestImportCheck runs the check on synthetic trees, so a check that
// passes everything fails here.
func TestImportCheck(t *testing.T) {
	const mod = "example.com/m"
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"allowed", map[string]string{
			"prose/a.go":      "package prose\n\nimport (\n\t\"strings\"\n\n\t\"example.com/m/analyzer\"\n\t\"example.com/m/facts/match\"\n\t\"example.com/m/parse/markdown\"\n)\n",
			"match/b.go":      "package match\n\nimport \"example.com/m/intel\"\n",
			"match/b_test.go": "package match\n\nimport \"example.com/m/skill\"\n",
		}, nil},
		{"imports rules", map[string]string{
			"prose/a.go": "package prose\n\nimport \"example.com/m/rules\"\n",
		}, []string{"prose/a.go:3 imports example.com/m/rules"}},
		{"test imports rules", map[string]string{
			"pyfacts/x_test.go": "package pyfacts\n\nimport (\n\t\"testing\"\n\n\tr \"example.com/m/rules\"\n)\n",
		}, []string{"pyfacts/x_test.go:6 imports example.com/m/rules"}},
		{"imports a package above the layer", map[string]string{
			"jsfacts/v.go": "package jsfacts\n\nimport \"example.com/m/loader\"\n",
		}, []string{"jsfacts/v.go:3 imports example.com/m/loader"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, src := range c.files {
				p := filepath.Join(dir, n)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := importViolations(dir, mod)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d violations, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i, w := range c.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("violation %d = %s\nwant it to contain %q", i, got[i], w)
				}
			}
		})
	}
}
