package loader

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Code says, in a word, why an entry is not served. Reason carries the
// details for people (and may quote the skill: a file name, a rule message,
// a parse error); Code maps to a fixed message (Code.Message) that is safe
// to hand to a model, which must not read text an attacker chose.
type Code string

const (
	CodeNone          Code = ""
	CodeFindings      Code = "findings"       // findings at or above the threshold
	CodeNotAnalysed   Code = "not-analysed"   // content not read or not analysed, or the scan incomplete
	CodeScanFailed    Code = "scan-failed"    // the scan failed or timed out
	CodeInvalid       Code = "invalid"        // manifest, name or description not valid
	CodeUnreadable    Code = "unreadable"     // the directory could not be opened or read
	CodeGitMetadata   Code = "git-metadata"   // ships a .git
	CodeOutsideLink   Code = "outside-link"   // a symlink leaves the skill
	CodeImpersonation Code = "impersonation"  // the name imitates another skill's
	CodePinned        Code = "pinned"         // the name is pinned to another source
	CodeChanged       Code = "changed"        // changed on disk since it was scanned
	CodeIneligible    Code = "ineligible"     // requirements not met here
	CodeDisabled      Code = "disabled"       // enabled: false
	CodeShadowed      Code = "shadowed"       // another source holds the name
	CodeFiltered      Code = "filtered"       // include/ignore globs, bundled allowlist
	CodeDuplicate     Code = "duplicate"      // the same directory reached twice
	CodeNotFound      Code = "not-found"      // no such skill
	CodeNotServed     Code = "not-served"     // anything else
	CodeNoSkill       Code = "no-skill"       // the gate was given nothing
	CodeApprovedDirty Code = "approval-blind" // approved, but the approval cannot cover unread content
	CodeProvenance    Code = "provenance"     // a signature is required and does not verify
	CodeNotLocked     Code = "not-locked"     // gate.locked, and this version is not in skills.lock
)

var codeMessages = map[Code]string{
	CodeFindings:      "the security scan found issues at or above the gate's threshold",
	CodeNotAnalysed:   "some of its content could not be read or analysed, so it cannot be vouched for",
	CodeScanFailed:    "the security scan failed or timed out",
	CodeInvalid:       "its SKILL.md does not meet the Agent Skills specification (frontmatter, name or description)",
	CodeUnreadable:    "its directory could not be read",
	CodeGitMetadata:   "it ships git metadata (.git), whose history, objects, config and hooks are not analysed",
	CodeOutsideLink:   "it holds a symbolic link that leaves the skill directory",
	CodeImpersonation: "its name imitates another skill's name",
	CodePinned:        "its name is pinned to another source by the operator",
	CodeChanged:       "it changed on disk since it was scanned; it is refused until it is scanned again",
	CodeIneligible:    "its requirements (operating system, binaries, environment variables or configuration) are not met here",
	CodeDisabled:      "it is disabled in the agent's configuration",
	CodeShadowed:      "a skill of the same name from another source takes precedence",
	CodeFiltered:      "it is filtered out by the agent's configuration",
	CodeDuplicate:     "it is the same directory as another skill",
	CodeNotFound:      "there is no skill of that name",
	CodeNotServed:     "it is not served",
	CodeNoSkill:       "there is no skill",
	CodeApprovedDirty: "its approval cannot cover content that was not read or analysed",
	CodeProvenance:    "the operator requires a verified publisher signature, and it is missing or does not verify",
	CodeNotLocked:     "this version is not in the operator's skills.lock",
}

// Message is the fixed, model-safe sentence for c.
func (c Code) Message() string {
	if m, ok := codeMessages[c]; ok {
		return m
	}
	return codeMessages[CodeNotServed]
}

// CheckTree is treeRefusal for callers that scan a skill as the gate
// would (the MCP scan_skill tool).
func CheckTree(s *skill.Skill) (Code, string) { return treeRefusal(s) }

// treeRefusal checks what the gate requires of everything an agent can
// reach in the skill directory, beyond the scan: no git metadata (a .git
// directory or file anywhere: git run there would use its config, hooks and
// objects, none of which is analysed, and a checkout would bring back bytes
// that were never scanned), and no symbolic link leaving the skill (even
// one whose target does not exist yet: whoever can create the target later
// serves unscanned bytes through it).
func treeRefusal(s *skill.Skill) (Code, string) {
	git := func(g string) (Code, string) {
		return CodeGitMetadata, "ships git metadata (" + g + "): its history, objects, config and hooks are not analysed, " +
			"and git run in the skill directory would use them; install the skill without it (delete " + g + ", or export with git archive)"
	}
	for _, f := range s.Files {
		if g := gitPath(f.Path); g != "" {
			return git(g)
		}
	}
	for _, p := range s.Problems {
		if g := gitPath(p.Path); g != "" {
			return git(g)
		}
		if p.Kind == skill.ProblemDanglingLink || p.Kind == skill.ProblemSymlinkEscape || p.Kind == skill.ProblemLinkInTree {
			return CodeOutsideLink, "symlink leaves the skill directory: " + p.Path + " (" + p.Detail + "); " +
				"what it points to is not scanned, and could be created or changed at any time"
		}
	}
	return CodeNone, ""
}

// gitPath returns the .git entry on slash path p ("" when none).
func gitPath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if s == ".git" {
			return path.Join(segs[:i+1]...)
		}
	}
	return ""
}
