package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/eval"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
)

// Floors the labelled corpus must meet: recall at the gate of at least
// 0.95 and no benign skill blocked. A rule change that regresses fails CI.
const (
	minRecall     = 0.95
	maxBenignHigh = 0 // benign skills blocked at the default threshold
)

func TestCorpusFloors(t *testing.T) {
	const corpus = "../corpus"
	labels, err := eval.LoadLabels(corpus)
	if err != nil {
		t.Fatal(err)
	}
	found, err := loader.Discover([]string{corpus})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := analyzer.New(rules.All(), analyzer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	results, err := eng.ScanAll(context.Background(), found.Sources(), nil)
	if err != nil {
		t.Fatal(err)
	}
	res := eval.Evaluate(corpus, labels, results, analyzer.High)
	var table strings.Builder
	res.Write(&table)
	t.Logf("\n%s", table.String())
	if r := res.Overall.Recall(); r < minRecall {
		t.Errorf("recall %.3f is below the floor %.2f; missed: %v", r, minRecall, res.Overall.Missed)
	}
	if n := len(res.BenignBlocked); n > maxBenignHigh {
		t.Errorf("%d benign skill(s) blocked: %v", n, res.BenignBlocked)
	}
	if len(res.Unlabelled) > 0 {
		t.Errorf("unlabelled corpus skills: %v", res.Unlabelled)
	}
	for _, r := range results {
		if len(r.Errors) > 0 {
			t.Errorf("%s: analysis errors: %v", r.Dir, r.Errors)
		}
	}
}
