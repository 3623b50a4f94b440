package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestREADMEFreshMachineCommands: the README opens with the two commands a
// fresh clone needs, they name things that exist, and the Go version it
// states is the one go.mod asks for.
func TestREADMEFreshMachineCommands(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(s)
	if block == nil || strings.Index(s, block[0]) > 600 {
		t.Fatal("the README does not open with a sh block of commands")
	}
	var cmds []string
	for _, l := range strings.Split(strings.TrimSpace(block[1]), "\n") {
		cmd, _, _ := strings.Cut(l, "#")
		cmds = append(cmds, strings.TrimSpace(cmd))
	}
	want := []string{"go build -o skillvet ./cmd/skillvet && ./skillvet scan corpus/", "go test ./..."}
	if strings.Join(cmds, "\n") != strings.Join(want, "\n") {
		t.Errorf("first commands:\n%s\nwant:\n%s", strings.Join(cmds, "\n"), strings.Join(want, "\n"))
	}
	for _, p := range []string{"../../cmd/skillvet/main.go", "../../corpus/labels.yaml"} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("the README's commands need %s: %v", p, err)
		}
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if goVersion == nil || !strings.Contains(s, "Go "+string(goVersion[1])) {
		t.Errorf("the README does not state the Go version go.mod asks for (%s)", goVersion[1])
	}
	for _, stale := range []string{"@latest", "@v0.", "rev: v0."} {
		if strings.Contains(s, stale) {
			t.Errorf("the README names a release that does not exist: %q", stale)
		}
	}
	if n := strings.Count(s, "\n"); n > 260 {
		t.Errorf("the README has %d lines; keep it short and move reference material to docs/", n)
	}
}

// TestDocLinks: every relative link in the README, CONTRIBUTING and docs/
// points at a file of the repository, and every #anchor at a heading of
// its target.
func TestDocLinks(t *testing.T) {
	root, _ := filepath.Abs("../..")
	files := []string{"README.md", "CONTRIBUTING.md"}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		files = append(files, rel)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range link.FindAllStringSubmatch(withoutCode(string(b)), -1) {
			u := target[1]
			if strings.Contains(u, "://") || strings.HasPrefix(u, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(u, "#")
			dest := filepath.Join(root, f)
			if path != "" {
				dest = filepath.Join(filepath.Dir(dest), filepath.FromSlash(path))
			}
			if rel, err := filepath.Rel(root, dest); err != nil || !filepath.IsLocal(rel) {
				t.Errorf("%s: link %q leaves the repository", f, u)
				continue
			}
			content, err := os.ReadFile(dest)
			if err != nil {
				if st, serr := os.Stat(dest); serr != nil || !st.IsDir() {
					t.Errorf("%s: link %q: no such file", f, u)
				}
				continue
			}
			if anchor != "" && strings.HasSuffix(dest, ".md") && !headingAnchors(string(content))[anchor] {
				t.Errorf("%s: link %q: no heading with that anchor", f, u)
			}
		}
	}
	contributing, _ := os.ReadFile(filepath.Join(root, "CONTRIBUTING.md"))
	if strings.Contains(string(contributing), "../") {
		t.Error("CONTRIBUTING.md points outside the repository")
	}
}

var fence = regexp.MustCompile("(?ms)^(```|~~~).*?^(```|~~~)\\s*$")

// withoutCode drops fenced code blocks and code spans, where brackets are not links.
func withoutCode(s string) string {
	s = fence.ReplaceAllString(s, "")
	return regexp.MustCompile("`[^`\n]*`").ReplaceAllString(s, "")
}

// headingAnchors returns the anchors GitHub gives a document's headings:
// lower case, punctuation dropped, spaces to hyphens.
func headingAnchors(doc string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(fence.ReplaceAllString(doc, ""), "\n") {
		h := strings.TrimLeft(l, "#")
		if h == l || !strings.HasPrefix(h, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		out[b.String()] = true
	}
	return out
}
