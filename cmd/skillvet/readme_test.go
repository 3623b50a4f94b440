package main

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/rules"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the README's rule table from rule metadata")

// TestREADMERules keeps the README's rule table generated from the rules'
// metadata: run `go test ./cmd/skillvet -update-readme` after adding a rule.
func TestREADMERules(t *testing.T) {
	const path = "../../README.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->"
	s := string(b)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatal("README lacks the rules:begin/rules:end markers")
	}
	want := RulesMarkdown(rules.All())
	if got := s[i+len(begin) : j]; got != want {
		if *updateReadme {
			if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README rule table is stale; run: go test ./cmd/skillvet -run TestREADMERules -update-readme")
	}
}
