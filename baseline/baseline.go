// Package baseline records the findings a project has accepted, so that
// later scans count only new ones. Findings are matched by fingerprint
// (skill name, rule, file within the skill, normalised source line), which
// survives line shifts and whitespace edits — never by line number.
package baseline

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/skillvet/skillvet/analyzer"
)

// Version of the baseline file format.
const Version = 1

// File is the baseline file.
type File struct {
	Version  int     `json:"version"`
	Tool     string  `json:"tool"`
	Findings []Entry `json:"findings"`
}

// Entry is one accepted finding. Rule, Skill, File and Line are for
// readers; only Fingerprint is matched.
type Entry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Skill       string `json:"skill"`
	File        string `json:"file"`
	Line        int    `json:"line"`
	Message     string `json:"message"`
}

// Write saves every unsuppressed finding of results.
func Write(path, tool string, results []*analyzer.Result) (int, error) {
	f := File{Version: Version, Tool: tool, Findings: []Entry{}}
	for _, r := range results {
		for _, fd := range r.Findings {
			if fd.Suppression != nil || fd.Unanalysed {
				continue // content that was not analysed is never baselined
			}
			f.Findings = append(f.Findings, Entry{Fingerprint: fd.Fingerprint, Rule: fd.Rule, Skill: r.Skill.Name,
				File: fd.Path, Line: fd.Start.Line, Message: fd.Message})
		}
	}
	sort.Slice(f.Findings, func(i, j int) bool {
		a, b := f.Findings[i], f.Findings[j]
		if a.Skill != b.Skill {
			return a.Skill < b.Skill
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Fingerprint < b.Fingerprint
	})
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return 0, err
	}
	return len(f.Findings), os.WriteFile(path, append(b, '\n'), 0o644)
}

// Load reads a baseline file.
func Load(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("baseline %s: version %d is not supported (want %d)", path, f.Version, Version)
	}
	return &f, nil
}

// Apply marks findings in the baseline as suppressed ("external") and
// returns how many matched.
func (f *File) Apply(path string, results []*analyzer.Result) int {
	known := make(map[string]bool, len(f.Findings))
	for _, e := range f.Findings {
		known[e.Fingerprint] = true
	}
	n := 0
	for _, r := range results {
		for i := range r.Findings {
			fd := &r.Findings[i]
			if fd.Suppression == nil && !fd.Unanalysed && known[fd.Fingerprint] {
				fd.Suppression = &analyzer.Suppression{Kind: "external", Justification: "accepted in baseline " + path}
				n++
			}
		}
	}
	return n
}
