package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestActionMetadata checks action.yml by reading it: every action it uses
// is pinned by a full commit SHA (with the tag in a comment), every input,
// step and script it refers to exists, and no step adds to the caller's
// PATH or environment. scripts/ci-action.sh runs the shell steps.
func TestActionMetadata(t *testing.T) {
	const path = "../../action.yml"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Inputs  map[string]struct{ Default string } `yaml:"inputs"`
		Outputs map[string]struct{ Value string }   `yaml:"outputs"`
		Runs    struct {
			Using string `yaml:"using"`
			Steps []struct {
				ID   string            `yaml:"id"`
				If   string            `yaml:"if"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				With map[string]string `yaml:"with"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q", a.Runs.Using)
	}
	pinned := regexp.MustCompile(`^[\w.-]+/[\w./-]+@[0-9a-f]{40}$`)
	for _, line := range strings.Split(string(b), "\n") {
		if _, uses, ok := strings.Cut(line, "uses: "); ok {
			ref, comment, _ := strings.Cut(uses, " # ")
			if !pinned.MatchString(ref) || !regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(comment) {
				t.Errorf("not pinned by commit SHA with its tag as a comment: %s", strings.TrimSpace(line))
			}
		}
	}
	ids := map[string]bool{}
	var exprs []string
	for _, s := range a.Runs.Steps {
		if s.ID != "" {
			ids[s.ID] = true
		}
		exprs = append(exprs, s.If, s.Run)
		for _, v := range s.With {
			exprs = append(exprs, v)
		}
		for _, v := range s.Env {
			exprs = append(exprs, v)
		}
		if strings.Contains(s.Run, "GITHUB_PATH") || strings.Contains(s.Run, "GITHUB_ENV") {
			t.Errorf("step %q writes to the caller's PATH or environment", s.ID)
		}
		for _, m := range regexp.MustCompile(`\$GITHUB_ACTION_PATH/([\w./-]+\.sh)`).FindAllStringSubmatch(s.Run, -1) {
			script, err := os.ReadFile(filepath.Join("../..", m[1]))
			if err != nil {
				t.Errorf("step %q runs a missing script: %v", s.ID, err)
			} else if strings.Contains(string(script), "GITHUB_PATH") || strings.Contains(string(script), "GITHUB_ENV") {
				t.Errorf("%s writes to the caller's PATH or environment", m[1])
			}
		}
	}
	for _, o := range a.Outputs {
		exprs = append(exprs, o.Value)
	}
	for _, e := range exprs {
		for _, m := range regexp.MustCompile(`inputs\.([\w-]+)`).FindAllStringSubmatch(e, -1) {
			if _, ok := a.Inputs[m[1]]; !ok {
				t.Errorf("undeclared input %q in %q", m[1], e)
			}
		}
		for _, m := range regexp.MustCompile(`steps\.([\w-]+)\.`).FindAllStringSubmatch(e, -1) {
			if !ids[m[1]] {
				t.Errorf("unknown step %q in %q", m[1], e)
			}
		}
	}
	for _, in := range []string{"paths", "fail-on", "sarif-file", "upload", "category", "args"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("input %q is missing", in)
		}
	}
}
