package report

import (
	"encoding/json"
	"io"

	"github.com/skillvet/skillvet/analyzer"
)

func init() { Register("json", WriteJSON) }

// The JSON report is a stable contract (documented in the README): fields
// are only ever added, never renamed or removed.
type jsonReport struct {
	Tool    Tool        `json:"tool"`
	FailOn  string      `json:"failOn"`
	Skills  []jsonSkill `json:"skills"`
	Summary Summary     `json:"summary"`
}

type jsonSkill struct {
	Name     string        `json:"name"`
	Path     string        `json:"path"`
	Verdict  string        `json:"verdict"`
	Hash     string        `json:"hash"`
	Errors   []string      `json:"errors"`
	Findings []jsonFinding `json:"findings"`
	// Capabilities are what the skill can do (never a verdict on their
	// own): kind, target, and where each was first seen.
	Capabilities []analyzer.Cap `json:"capabilities"`
}

type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Category string `json:"category"`
	// Kind is what the finding is evidence of: indicator, capability,
	// chain, integrity or lint.
	Kind        string `json:"kind"`
	File        string `json:"file"`
	Line        int    `json:"line"`
	Column      int    `json:"column"`
	EndLine     int    `json:"endLine"`
	EndColumn   int    `json:"endColumn"`
	Message     string `json:"message"`
	Evidence    string `json:"evidence"`
	Fingerprint string `json:"fingerprint"`
	// Unanalysed marks findings about content the scanner could not read:
	// they block whatever the threshold.
	Unanalysed  bool             `json:"unanalysed,omitempty"`
	Suppression *jsonSuppression `json:"suppression,omitempty"`
	// Steps are a chain's steps, source first.
	Steps []jsonStep `json:"steps,omitempty"`
}

type jsonStep struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type jsonSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
}

// WriteJSON writes the JSON report.
func WriteJSON(w io.Writer, r *Report) error {
	out := jsonReport{Tool: r.Tool, FailOn: r.FailOn.String(), Skills: []jsonSkill{}, Summary: r.Summarize()}
	for _, res := range r.Results {
		out.Skills = append(out.Skills, toJSONSkill(res, r.Policy()))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func toJSONSkill(res *analyzer.Result, pol analyzer.Policy) jsonSkill {
	js := jsonSkill{Name: res.Skill.Name, Path: res.Dir, Verdict: string(res.Decide(pol)),
		Hash: res.Skill.Hash, Errors: append([]string{}, res.Errors...), Findings: []jsonFinding{},
		Capabilities: append([]analyzer.Cap{}, res.Capabilities...)}
	for _, f := range res.Findings {
		js.Findings = append(js.Findings, toJSONFinding(f))
	}
	return js
}

func toJSONFinding(f analyzer.Finding) jsonFinding {
	jf := jsonFinding{Rule: f.Rule, Severity: f.Severity.String(), Category: string(f.Category), Kind: f.Kind.String(),
		File: f.File, Line: f.Start.Line, Column: f.Start.Column, EndLine: f.End.Line, EndColumn: f.End.Column,
		Message: f.Message, Evidence: f.Evidence, Fingerprint: f.Fingerprint, Unanalysed: f.Unanalysed}
	for _, st := range f.Steps {
		jf.Steps = append(jf.Steps, jsonStep{File: st.File, Line: st.Start.Line, Column: st.Start.Column, Message: st.Message})
	}
	if f.Suppression != nil {
		jf.Suppression = &jsonSuppression{Kind: f.Suppression.Kind, Justification: f.Suppression.Justification}
	}
	return jf
}
