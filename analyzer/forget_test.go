package analyzer

import (
	"context"
	"testing"

	"github.com/skillvet/skillvet/skill"
)

// After Analyze, no parse built during the analysis is still held by the
// skill's files (a batch scan keeps every result and so every file).
func TestAnalyzeForgetsParses(t *testing.T) {
	type key struct{}
	builds := 0
	r := &Rule{ID: "SV999", Name: "memo-user", Title: "t", Doc: "d", Severity: Low, Category: CatLint,
		Inputs: InMarkdown | InSkill, Run: func(p *Pass) error {
			if _, err := p.Markdown(); err != nil {
				return err
			}
			_, err := p.File.Memo(key{}, func() (any, error) { builds++; return nil, nil })
			return err
		}}
	eng, err := New([]*Rule{r}, Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := skill.New("demo", map[string][]byte{"SKILL.md": []byte("---\nname: demo\ndescription: d\n---\n# Demo\n")})
	if res := eng.Analyze(context.Background(), s); len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	if builds != 1 {
		t.Fatalf("rule built its memo %d times, want 1 (the skill-level and file-level passes share it)", builds)
	}
	s.ManifestFile().Memo(key{}, func() (any, error) { builds++; return nil, nil })
	if builds != 2 {
		t.Fatal("the file still holds a parse from the analysis")
	}
}
