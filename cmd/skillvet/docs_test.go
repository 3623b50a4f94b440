package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated documentation (docs/rules.md) from rule metadata")

// rulesReference renders docs/rules.md: the rule table, then one section
// per rule with its full documentation, under a heading whose anchor
// (#sv101) is the helpUri of the rule in SARIF.
func rulesReference(all []*analyzer.Rule) string {
	var b strings.Builder
	b.WriteString("# Rules\n\n")
	b.WriteString("<!-- Generated from the rules' metadata by `go test ./cmd/skillvet -run TestDocsRules -update-docs`; do not edit. -->\n\n")
	b.WriteString("Every built-in rule, with the documentation `skillvet explain <ID>` prints. Severities mean the same\n" +
		"everywhere: **critical** is clearly malicious, **high** is dangerous and blocks by default, **medium** warns,\n" +
		"**low** and **info** are hygiene. `rules.severity` in `.skillvet.yaml` overrides a rule's severity;\n" +
		"custom rules are described in [configuration.md](configuration.md#custom-rules).\n\n")
	b.WriteString("## Coverage by category\n\nThe threat taxonomy's families and the rules that look for each.\n\n")
	b.WriteString("| Category | Rules | IDs |\n|---|---:|---|\n")
	byCat := map[analyzer.Category][]string{}
	for _, r := range all {
		byCat[r.Category] = append(byCat[r.Category], fmt.Sprintf("[%s](#%s)", r.ID, strings.ToLower(r.ID)))
	}
	for _, c := range analyzer.Categories() {
		fmt.Fprintf(&b, "| %s %s | %d | %s |\n", c, c.Title(), len(byCat[c]), strings.Join(byCat[c], " "))
	}
	b.WriteString("\n## All rules\n\n")
	b.WriteString("| ID | Name | Severity | Category | Title |\n|---|---|---|---|---|\n")
	for _, r := range all {
		fmt.Fprintf(&b, "| [%s](#%s) | `%s` | %s | %s %s | %s |\n", r.ID, strings.ToLower(r.ID), r.Name, r.Severity, r.Category, r.Category.Title(), r.Title)
	}
	for _, r := range all {
		fmt.Fprintf(&b, "\n## %s\n\n**%s** · `%s` · severity %s · category %s (%s)", r.ID, r.Title, r.Name, r.Severity, r.Category, r.Category.Title())
		if len(r.Tags) > 0 {
			fmt.Fprintf(&b, " · tags: %s", strings.Join(r.Tags, ", "))
		}
		fmt.Fprintf(&b, "\n\n%s\n", strings.TrimSpace(r.Doc))
	}
	return b.String()
}

// TestDocsRules keeps docs/rules.md generated from the rules' metadata:
// run `go test ./cmd/skillvet -run TestDocsRules -update-docs` after
// changing a rule.
func TestDocsRules(t *testing.T) {
	// A line of a rule's doc that starts with ``` opens a code block in
	// Markdown: an unbalanced one swallows the rest of docs/rules.md.
	for _, r := range builtinRules() {
		n := 0
		for _, l := range strings.Split(r.Doc, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "```") || strings.HasPrefix(strings.TrimSpace(l), "~~~") {
				n++
			}
		}
		if n%2 != 0 {
			t.Errorf("%s: its Doc has an unclosed code fence (a line starting with ```)", r.ID)
		}
	}
	checkGenerated(t, "../../docs/rules.md", rulesReference(builtinRules()), "TestDocsRules")
}

// checkGenerated compares a generated file with its expected content, or
// rewrites it with -update-docs.
func checkGenerated(t *testing.T, path, want, test string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if *updateDocs {
		if err != nil || string(b) != want {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (run: go test ./cmd/skillvet -run %s -update-docs)", err, test)
	}
	if string(b) != want {
		t.Errorf("%s is stale; run: go test ./cmd/skillvet -run %s -update-docs", path, test)
	}
}
