package rules

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ruleFileRx names the files that hold one rule each.
var ruleFileRx = regexp.MustCompile(`^sv\d{3}_[a-z0-9_]+\.go$`)

// layeringAllowed are the only non-test files of the package that are not
// rule files: the registry and the severity aliases.
var layeringAllowed = map[string]bool{"rules.go": true, "severity.go": true}

// layeringViolations checks the Go package in dir: every non-test file is
// a rule file or an allowed one, and no rule file refers to a top-level
// declaration of another rule file (shared logic belongs in facts/…).
// Identifiers are resolved with go/types; imports are stubbed, since only
// references to the package's own declarations matter.
func layeringViolations(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	var out []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if !ruleFileRx.MatchString(n) && !layeringAllowed[n] {
			out = append(out, fmt.Sprintf("%s: not a rule file (svNNN_name.go); shared code belongs in a facts package", n))
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: stubImporter{}, Error: func(error) {}}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	pkg, _ := conf.Check(files[0].Name.Name, fset, files, info)
	base := func(p token.Pos) string { return filepath.Base(fset.Position(p).Filename) }
	for id, o := range info.Uses {
		if o.Pkg() != pkg || o.Parent() != pkg.Scope() {
			continue // not a top-level declaration of this package
		}
		from, to := base(id.Pos()), base(o.Pos())
		if from != to && ruleFileRx.MatchString(from) && ruleFileRx.MatchString(to) {
			out = append(out, fmt.Sprintf("%s:%d: %s is declared in rule file %s; rules never use each other's helpers (move it to a facts package)",
				from, fset.Position(id.Pos()).Line, id.Name, to))
		}
	}
	sort.Strings(out)
	return out, nil
}

// majorVersionRx matches the /vN suffix of a module path.
var majorVersionRx = regexp.MustCompile(`^v[0-9]+$`)

// stubImporter returns an empty package for every import path.
type stubImporter struct{}

func (stubImporter) Import(p string) (*types.Package, error) {
	name := path.Base(p)
	if majorVersionRx.MatchString(name) {
		name = path.Base(path.Dir(p))
	}
	name = strings.TrimPrefix(strings.ReplaceAll(name, "-", "_"), "go_")
	pkg := types.NewPackage(p, name)
	pkg.MarkComplete()
	return pkg, nil
}

func TestLayering(t *testing.T) {
	got, err := layeringViolations(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range got {
		t.Error(v)
	}
}

// TestLayeringCheck runs the check on small synthetic packages, so a
// check that silently passes everything fails here.
func TestLayeringCheck(t *testing.T) {
	const reg = "package rules\n\nfunc register(s string) string { return s }\n"
	cases := []struct {
		name  string
		files map[string]string
		want  []string // substrings, one per expected violation
	}{
		{"clean", map[string]string{
			"rules.go":       reg,
			"sv001_a.go":     "package rules\n\nimport \"strings\"\n\nvar A = register(aHelper())\n\nfunc aHelper() string { return strings.ToUpper(\"a\") }\n",
			"sv002_b.go":     "package rules\n\nvar B = register(\"b\")\n",
			"severity.go":    "package rules\n\nconst High = 3\n",
			"helper_test.go": "package rules\n\nfunc testOnly() string { return aHelper() }\n",
		}, nil},
		{"rule uses another rule's helper", map[string]string{
			"rules.go":   reg,
			"sv001_a.go": "package rules\n\nvar A = register(aHelper())\n\nfunc aHelper() string { return \"a\" }\n",
			"sv002_b.go": "package rules\n\nvar B = register(\"b\" + aHelper())\n",
		}, []string{"sv002_b.go:3: aHelper is declared in rule file sv001_a.go"}},
		{"rule uses another rule's type and variable", map[string]string{
			"rules.go":   reg,
			"sv001_a.go": "package rules\n\ntype aKind int\n\nvar aTable = map[string]aKind{}\n",
			"sv002_b.go": "package rules\n\nfunc bLookup(s string) aKind {\n\treturn aTable[s]\n}\n",
		}, []string{"sv002_b.go:3: aKind is declared in rule file sv001_a.go", "sv002_b.go:4: aTable is declared in rule file sv001_a.go"}},
		{"rule refers to another rule's value", map[string]string{
			"rules.go":   reg,
			"sv001_a.go": "package rules\n\nvar A = register(\"a\")\n",
			"sv002_b.go": "package rules\n\nvar B = register(A)\n",
		}, []string{"sv002_b.go:3: A is declared in rule file sv001_a.go"}},
		{"local names, fields and selectors that shadow are fine", map[string]string{
			"rules.go":   reg,
			"sv001_a.go": "package rules\n\nfunc aHelper() string { return \"a\" }\n\ntype aT struct{ bField int }\n",
			"sv002_b.go": "package rules\n\nimport \"strings\"\n\ntype bT struct{ aHelper int }\n\nfunc bRun(t bT) int {\n\taHelper := strings.Count(\"x\", \"x\")\n\treturn aHelper + t.aHelper + bT{aHelper: 1}.aHelper\n}\n",
		}, nil},
		{"helper file beside the rules", map[string]string{
			"rules.go":         reg,
			"shell_common.go":  "package rules\n\nfunc shHelper() bool { return true }\n",
			"sv001_a.go":       "package rules\n\nvar A = register(\"a\")\n",
			"common_test.go":   "package rules\n",
			"testdata/note.go": "",
		}, []string{"shell_common.go: not a rule file"}},
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
			got, err := layeringViolations(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d violations, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i, w := range c.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("violation %d = %s\nwant it to contain %s", i, got[i], strconv.Quote(w))
				}
			}
		})
	}
}
