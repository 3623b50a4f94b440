package analyzer

import "github.com/skillvet/skillvet/skill"

// The engine reports these itself, whatever rule set is enabled: they are
// how the scanner fails closed. Their Run is nil.

// UnreadableContent reports content the loader would not or could not read.
var UnreadableContent = &Rule{
	ID:       "SV001",
	Name:     "unreadable-content",
	Title:    "Skill content could not be read",
	Severity: High,
	Category: CatObfuscation,
	Evidence: EvIntegrity,
	Tags:     []string{"security", "scan-integrity", "CWE-400"},
	Inputs:   InSkill,
	Doc: `A file of the skill was not analysed because it could not be read safely:
it is larger than the per-file limit, the skill has more files or bytes than the
per-skill limits, it is a symlink that points outside the skill directory, it is a
named pipe, socket or device, or reading it failed. The skill has no SKILL.md is
reported here too.

Content the scanner did not read could hold anything, so the skill's verdict is
**block** whatever the ` + "`--fail-on`" + ` threshold: the gate fails closed.

**Fix:** remove the file, replace the symlink with the file it points to, or raise
the limits in ` + "`.skillvet.yaml`" + ` if the content is legitimate.`,
}

// AnalysisFailed reports internal failures: a rule that errored or
// panicked, or a file whose analysis timed out.
var AnalysisFailed = &Rule{
	ID:       "SV002",
	Name:     "analysis-failed",
	Title:    "Analysis of a file failed or timed out",
	Severity: High,
	Category: CatObfuscation,
	Evidence: EvIntegrity,
	Tags:     []string{"security", "scan-integrity"},
	Inputs:   InSkill,
	Doc: `The scanner could not finish analysing a file: a rule returned an error or
panicked, or the per-file analysis time limit ran out (input crafted to make a
parser slow is one way to get here).

The skill's verdict is **block** whatever the threshold, and the scan exits with
code 2 when a rule crashed, because the result is incomplete. Please report
crashes with the file that triggers them.`,
}

// BuiltinRules are the engine's own rules.
func BuiltinRules() []*Rule {
	return []*Rule{UnreadableContent, AnalysisFailed, SuppressionMissingReason, UnusedSuppression}
}

func problemMessage(p skill.Problem) string {
	switch p.Kind {
	case skill.ProblemTooLarge:
		return "file not analysed: " + p.Detail
	case skill.ProblemTooManyFiles, skill.ProblemTotalTooLarge:
		return "skill too large to analyse: " + p.Detail
	case skill.ProblemSymlinkEscape:
		return "symlink points outside the skill and was not followed: " + p.Detail
	case skill.ProblemBadSymlink:
		return "broken symlink: " + p.Detail
	case skill.ProblemDanglingLink:
		return "dangling symlink (nothing is read through it): " + p.Detail
	case skill.ProblemLinkInTree:
		return "symlink out of the skill, followed inside the scanned repository: " + p.Detail
	case skill.ProblemSpecialFile:
		return "special file not read: " + p.Detail
	case skill.ProblemNoManifest:
		return "missing SKILL.md: " + p.Detail
	}
	return "file could not be read: " + p.Detail
}
