package rules

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
)

// VendorImpersonation reports skill names and descriptions that claim to
// come from, or be endorsed by, a model or platform vendor.
var VendorImpersonation = register(&analyzer.Rule{
	ID:       "SV311",
	Name:     "vendor-impersonation",
	Title:    "Skill name or description impersonates a vendor",
	Severity: Medium,
	Category: analyzer.CatManipulation,
	Tags:     []string{"security", "impersonation", "supply-chain", "CWE-290"},
	Inputs:   analyzer.InSkill,
	Doc: `Finds names and descriptions that claim vendor origin or endorsement: *Official
Anthropic skill*, *skill by OpenAI*, *Anthropic-verified*, *certified by Microsoft*, names
such as ` + "`anthropic-…`" + ` or ` + "`…-official`" + `.

Typosquatted and cloned skills borrow a vendor's name so that users install them and
agents trust them. Claims of verification or certification are **high**; other
vendor-origin claims and "official" names **medium**; a name that merely starts with
` + "`anthropic-`" + ` or ` + "`openai-`" + ` is **low** (skills for a vendor's product are often named so). Look-alike letters are folded before matching.

Describing what a skill works with is fine: "uses the official OpenAI Python SDK",
"generates images with DALL-E by OpenAI".

**Fix:** describe what the skill does; name its real publisher.

Bad:

    description: The official Anthropic PDF skill, Anthropic-verified.

Good:

    description: Extract text from PDFs with the official OpenAI Python SDK.`,
	Run: runVendorImpersonation,
})

const rxVendor = `(?:anthropic|openai|claude|chatgpt|google|gemini|deepmind|microsoft|github|copilot|aws|amazon|meta|apple|cursor|vercel|mistral)`

var impersonationPhrases = []prose.Phrase{
	prose.NewPhrase(High, "claims vendor verification", `\b`+rxVendor+`[- ](?:verified|certified|approved|endorsed|sanctioned|authorized|authorised)\b`),
	prose.NewPhrase(High, "claims vendor verification", `\b(?:verified|certified|approved|endorsed|sanctioned|authori[sz]ed)\s+by\s+`+rxVendor+`\b`),
	prose.NewPhrase(Medium, "claims to be an official vendor skill", `\b(?:the\s+)?official\s+`+rxVendor+`\s+(?:\w+\s+)?(?:skill|plugin|extension|tool|integration|release|version|agent|add-?on|package|skillset)\b`),
	prose.NewPhrase(Medium, "claims to be official", `^(?:the\s+)?(?:official|verified)\b`),
	prose.NewPhrase(Medium, "claims vendor authorship", `\b(?:skill|plugin|tool|extension|integration|package)\s+(?:by|from|made by|built by|developed by|published by|maintained by|provided by|created by)\s+(?:the\s+)?`+rxVendor+`\b`),
	prose.NewPhrase(Medium, "claims vendor authorship", `^(?:by|from|made by|built by|developed by|published by)\s+(?:the\s+)?`+rxVendor+`\b`),
}

var (
	impersonationNameRx = match.MustRx(`^(?:anthropic|openai)[-_.]|(?:^|[-_.])official(?:$|[-_.])`)
	officialNameRx      = match.MustRx(`(?:^|[-_.])official(?:$|[-_.])`)
)

func runVendorImpersonation(p *analyzer.Pass) error {
	for _, f := range manifest.PromptFields(p) {
		off := manifest.NodeOffset(p, f.Node)
		n := prose.Normalize([]byte(f.Value), 0, len(f.Value))
		if f.Key == "name" && impersonationNameRx.MatchString(n.Text) {
			sev, what := Low, "starts with a vendor name"
			if officialNameRx.MatchString(n.Text) {
				sev, what = Medium, "claims to be official"
			}
			p.Report(analyzer.Diagnostic{Start: off, End: off + len(f.Value), Severity: sev,
				Message: fmt.Sprintf("skill name %q %s", match.Clip(f.Value, 60), what)})
			continue
		}
		for i := range impersonationPhrases {
			h := &impersonationPhrases[i]
			if m := h.Find(n.Text); m != nil {
				p.Report(analyzer.Diagnostic{Start: off, End: off + len(f.Value), Severity: h.Sev,
					Message: fmt.Sprintf("%s %s: %q", f.Key, h.Label, match.Clip(n.Text[m[0]:m[1]], 60))})
				break
			}
		}
	}
	return nil
}
