package rules

import (
	"fmt"
	"strings"

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
"generates images with DALL-E by OpenAI". A vendor's product named with such a word, which the
skill's fields write in title case (*AWS Verified Access*, *AWS Verified Permissions*: a
capitalised noun after it that is not *Skill*, *Plugin*, *Publisher* or the like), is
**medium** wherever the fields repeat it (` + "`aws-verified-access`" + ` in the name): a claim dressed
as a product name cannot be told from one, and another claim in the same field stays high.

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

// vendorProductRx finds a vendor's product or certification named with a
// verification word, as written: "AWS Verified Access", "AWS Certified
// Developer". Its three words are the vendor, the capitalised word and a
// capitalised noun after them.
var vendorProductRx = match.MustRx(`(?i:\b` + rxVendor + `)[- ](?:Verified|Certified|Approved|Authori[sz]ed)\s+([A-Z][a-z]+)\b`)

// vendorClaimNounRx are the nouns that make "Anthropic Verified Skill" a
// claim about the skill or its author rather than a product's name.
var vendorClaimNounRx = match.MustRx(`^(?i:skills?|plugins?|tools?|extensions?|integrations?|packages?|agents?|apps?|add-?ons?|versions?|releases?|publishers?|developers?|authors?|creators?|partners?|vendors?|sources?|builds?|safe|secure|and|by|for)$`)

// vendorProducts returns the product names (lower case, "aws verified
// access") that the skill's prompt fields write in title case.
func vendorProducts(fields []manifest.PromptField) map[string]bool {
	var out map[string]bool
	for _, f := range fields {
		for _, m := range vendorProductRx.FindAllStringSubmatchIndex(f.Value, -1) {
			if vendorClaimNounRx.MatchString(f.Value[m[2]:m[3]]) {
				continue
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[vendorProductKey(f.Value[m[0]:m[1]])] = true
		}
	}
	return out
}

// vendorProductKey folds "AWS-Verified  Access" to "aws verified access".
func vendorProductKey(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '\t' || r == '\n' }), " ")
}

// vendorNextWordRx takes the word after a verification phrase.
var vendorNextWordRx = match.MustRx(`^[- \t]+(\w+)`)

// vendorClaim returns the first match of h in t that is not the name of
// a product the skill's fields write in title case ("AWS Verified Access",
// and so "aws-verified-access" in its slug: the product the skill
// configures); when every match is one, it returns the first with
// product true.
func vendorClaim(h *prose.Phrase, t string, products map[string]bool) (m []int, product bool) {
	if products == nil {
		return h.Find(t), false
	}
	all := h.FindAll(t)
	for _, m := range all {
		nw := vendorNextWordRx.FindStringSubmatch(t[m[1]:])
		if nw == nil || !products[vendorProductKey(t[m[0]:m[1]]+" "+nw[1])] {
			return m, false
		}
	}
	if len(all) > 0 {
		return all[0], true
	}
	return nil, false
}

func runVendorImpersonation(p *analyzer.Pass) error {
	fields := manifest.PromptFields(p)
	products := vendorProducts(fields)
	for _, f := range fields {
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
		var productDiag *analyzer.Diagnostic
		reported := false
		for i := range impersonationPhrases {
			h := &impersonationPhrases[i]
			m, product := vendorClaim(h, n.Text, products)
			if m == nil {
				continue
			}
			d := analyzer.Diagnostic{Start: off, End: off + len(f.Value), Severity: h.Sev,
				Message: fmt.Sprintf("%s %s: %q", f.Key, h.Label, match.Clip(n.Text[m[0]:m[1]], 60))}
			if product {
				// a product name cannot be told from a claim dressed as
				// one ("Anthropic Verified Edition"): it warns, unless
				// another phrase of the field claims more
				if productDiag == nil {
					d.Severity = min(d.Severity, Medium)
					d.Message += " (reads as the name of the vendor's product, written in title case in the skill's fields)"
					productDiag = &d
				}
				continue
			}
			p.Report(d)
			reported = true
			break
		}
		if !reported && productDiag != nil {
			p.Report(*productDiag)
		}
	}
	return nil
}
