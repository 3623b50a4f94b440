package analyzer

import "github.com/skillvet/skillvet/skill"

// Results assembled outside Engine.Analyze (decoded from an isolated analysis
// worker, merged from several engines, or built because the analysis could
// not run) use these so that they are indistinguishable from the engine's.

// FailedResult is the fail-closed result for a skill whose analysis could
// not run or did not finish: its load problems as SV001, one SV002 finding
// (unanalysed) carrying msg, and msg in Errors. Its verdict is block
// whatever the threshold.
func FailedResult(s *skill.Skill, msg string) *Result {
	r := &Result{Skill: s, Dir: s.Dir, Errors: []string{msg}}
	for _, p := range s.Problems {
		r.Findings = append(r.Findings, builtinFinding(UnreadableContent, p.Path, problemMessage(p)))
	}
	r.Findings = append(r.Findings, builtinFinding(AnalysisFailed, skill.ManifestName, msg))
	r.finish()
	return r
}

// Finish sorts the findings and sets their display paths (from r.Dir) and
// fingerprints (from r.Skill.Name), exactly as Engine.Analyze does.
func (r *Result) Finish() { r.finish() }
