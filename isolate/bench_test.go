package isolate

import (
	"context"
	"fmt"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// smallSkill is a typical small skill: SKILL.md with frontmatter and a few
// paragraphs, a shell script, a Python helper and a reference page.
func smallSkill(i int) *skill.Skill {
	md := fmt.Sprintf(`---
name: pdf-tools-%d
description: Extract text and tables from PDF files and summarise them.
license: MIT
allowed-tools: Bash(python3:*) Read
---
# PDF tools

Use this skill when the user asks to read, split or summarise a PDF.

1. Run `+"`scripts/extract.sh <file>`"+` to get the text.
2. For tables, run `+"`python3 scripts/tables.py <file>`"+`.
3. See [the style guide](references/style.md) for the summary format.

`+"```bash\nbash scripts/extract.sh report.pdf > out.txt\n```"+`
`, i)
	return skill.New(fmt.Sprintf("skills/pdf-tools-%d", i), map[string][]byte{
		"SKILL.md":             []byte(md),
		"scripts/extract.sh":   []byte("#!/bin/sh\nset -eu\npdftotext -layout \"$1\" -\n"),
		"scripts/tables.py":    []byte("import sys\nimport pdfplumber\n\nwith pdfplumber.open(sys.argv[1]) as pdf:\n    for page in pdf.pages:\n        for t in page.extract_tables():\n            print(t)\n"),
		"references/style.md":  []byte("# Style\n\nSummaries are five bullet points, each under twenty words.\n"),
		"assets/template.txt":  []byte("Title:\nSummary:\n"),
		"references/sample.md": []byte("A sample paragraph with a [link](https://example.com/docs).\n"),
	})
}

func perSkill(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*n), "ms/skill")
}

// BenchmarkAnalyze compares in-process analysis with a new worker per skill
// (one-shot) and with a reused worker (pool), for one skill and for 100.
func BenchmarkAnalyze(b *testing.B) {
	exe, args := worker(b)
	ctx := context.Background()
	opts := analyzer.Options{Jobs: 1}
	eng, err := analyzer.New(rules.All(), opts)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1, 100} {
		skills := make([]*skill.Skill, n)
		for i := range skills {
			skills[i] = smallSkill(i)
		}
		b.Run(fmt.Sprintf("inprocess/%d", n), func(b *testing.B) {
			for b.Loop() {
				for _, s := range skills {
					if r := eng.Analyze(ctx, s); len(r.Errors) > 0 {
						b.Fatal(r.Errors)
					}
				}
			}
			perSkill(b, n)
		})
		b.Run(fmt.Sprintf("oneshot/%d", n), func(b *testing.B) {
			for b.Loop() {
				for _, s := range skills {
					if _, err := Analyze(ctx, exe, args, s, Config{Engine: opts}); err != nil {
						b.Fatal(err)
					}
				}
			}
			perSkill(b, n)
		})
		b.Run(fmt.Sprintf("pool/%d", n), func(b *testing.B) {
			pool, err := NewPool(exe, args, Config{Engine: opts}, 1)
			if err != nil {
				b.Fatal(err)
			}
			defer pool.Close()
			for b.Loop() { // the first iteration starts the worker
				for _, s := range skills {
					if _, err := pool.Analyze(ctx, s); err != nil {
						b.Fatal(err)
					}
				}
			}
			perSkill(b, n)
			b.ReportMetric(float64(pool.Started()), "workers")
		})
	}
}
