package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// ReadJSON reads a JSON report written by WriteJSON back into results, so
// that sharded audits can be merged and interrupted audits resumed. Rule
// metadata is not in the JSON; callers supply it.
func ReadJSON(r io.Reader) (*Report, error) {
	var in jsonReport
	dec := json.NewDecoder(r)
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("reading JSON report: %v", err)
	}
	failOn, err := analyzer.ParseSeverity(in.FailOn)
	if err != nil {
		return nil, fmt.Errorf("reading JSON report: failOn: %v", err)
	}
	rep := &Report{Tool: in.Tool, FailOn: failOn}
	for _, js := range in.Skills {
		res, err := ResultFromJSON(js)
		if err != nil {
			return nil, err
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

// ResultFromJSON rebuilds one skill's result. The skill holds no files:
// only its name, directory and hash.
func ResultFromJSON(js jsonSkill) (*analyzer.Result, error) {
	s := skill.New(js.Path, nil)
	s.Name, s.Hash, s.Problems = js.Name, js.Hash, nil
	res := &analyzer.Result{Skill: s, Dir: js.Path, Errors: js.Errors, Capabilities: js.Capabilities}
	for _, jf := range js.Findings {
		sev, err := analyzer.ParseSeverity(jf.Severity)
		if err != nil {
			return nil, fmt.Errorf("skill %s: %v", js.Path, err)
		}
		f := analyzer.Finding{Rule: jf.Rule, Severity: sev, Category: analyzer.Category(jf.Category),
			File: jf.File, Path: skillRelative(js.Path, jf.File),
			Start:   skill.Position{Line: jf.Line, Column: jf.Column, Column16: jf.Column},
			End:     skill.Position{Line: jf.EndLine, Column: jf.EndColumn, Column16: jf.EndColumn},
			Message: jf.Message, Evidence: jf.Evidence, Fingerprint: jf.Fingerprint, Unanalysed: jf.Unanalysed}
		if err := f.Kind.UnmarshalText([]byte(jf.Kind)); err != nil {
			return nil, fmt.Errorf("skill %s: %v", js.Path, err)
		}
		if f.Kind == analyzer.EvidenceDefault { // a report written before evidence kinds
			switch {
			case f.Unanalysed:
				f.Kind = analyzer.EvIntegrity
			case f.Category == analyzer.CatLint:
				f.Kind = analyzer.EvLint
			default:
				f.Kind = analyzer.EvIndicator
			}
		}
		for _, st := range jf.Steps {
			p := skill.Position{Line: st.Line, Column: st.Column, Column16: st.Column}
			f.Steps = append(f.Steps, analyzer.FindingStep{File: st.File, Path: skillRelative(js.Path, st.File), Start: p, End: p, Message: st.Message})
		}
		if jf.Suppression != nil {
			f.Suppression = &analyzer.Suppression{Kind: jf.Suppression.Kind, Justification: jf.Suppression.Justification}
		}
		res.Findings = append(res.Findings, f)
	}
	return res, nil
}

func skillRelative(dir, file string) string {
	if len(file) > len(dir)+1 && file[:len(dir)] == dir && file[len(dir)] == '/' {
		return file[len(dir)+1:]
	}
	return file
}

// DecodeSkill decodes one skill object of the JSON report (as written by
// audit's progress file, one per line).
func DecodeSkill(b []byte) (*analyzer.Result, error) {
	var js jsonSkill
	if err := json.Unmarshal(b, &js); err != nil {
		return nil, err
	}
	return ResultFromJSON(js)
}

// EncodeSkill encodes one skill's result as a single-line JSON object.
func EncodeSkill(res *analyzer.Result, failOn analyzer.Severity) ([]byte, error) {
	return json.Marshal(toJSONSkill(res, analyzer.Policy{FailOn: failOn}))
}
