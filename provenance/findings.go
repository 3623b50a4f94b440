package provenance

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// The scan reports provenance as findings of these rules. The engine does
// not run them (Run is nil): skillvet scan adds their findings after the
// analysis, from Verifier.Verify and the lock file. Under a policy that
// requires a signature they are integrity findings (block whatever the
// threshold, like unreadable content); otherwise they warn.

// SignatureNotVerified reports a signature that does not verify.
var SignatureNotVerified = &analyzer.Rule{
	ID:       "SV090",
	Name:     "signature-not-verified",
	Title:    "Skill signature does not verify",
	Severity: analyzer.High,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "provenance", "supply-chain", "CWE-347"},
	Inputs:   analyzer.InSkill,
	Doc: "The skill carries a signature (`" + SignatureFile + "`, OpenSSF Model Signing) that does not verify: the file is\n" +
		"not a Sigstore bundle of the expected shape, its certificate chain does not lead to a configured trust anchor\n" +
		"(unknown publisher, or a certificate that expired or is not valid yet), the signing certificate is not the\n" +
		"identity the anchor requires, the signature over the statement is wrong, or the statement names another skill\n" +
		"(a signature copied from elsewhere). Without a trust anchor configured the signature cannot be checked at all\n" +
		"(reported at info).\n\n" +
		"Severity depends on the provenance policy (`provenance.policy` in `.skillvet.yaml`): **high and blocking**\n" +
		"where a signature is required, medium otherwise.\n\n" +
		"**Fix:** get the skill from its publisher again, or configure the publisher's root certificate as a trust\n" +
		"anchor. See [provenance.md](provenance.md).",
}

// SignedContentChanged reports a file that is not as signed.
var SignedContentChanged = &analyzer.Rule{
	ID:       "SV091",
	Name:     "signed-content-changed",
	Title:    "Skill content differs from its signature",
	Severity: analyzer.High,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "provenance", "supply-chain", "CWE-345"},
	Inputs:   analyzer.InSkill,
	Doc: "The signature verifies, but the skill is not what was signed: a file changed, a signed file is missing, a\n" +
		"file is there that the signature neither lists nor ignores, a symbolic link is there although the signature\n" +
		"allows none, or a file could not be read to be checked. Each is reported at the file.\n\n" +
		"Severity depends on the provenance policy: **high and blocking** where a signature is required, medium\n" +
		"otherwise.\n\n" +
		"**Fix:** restore the skill as published (reinstall it), or have the publisher sign the new version.",
}

// SignatureRequired reports an unsigned skill a policy wants signed.
var SignatureRequired = &analyzer.Rule{
	ID:       "SV092",
	Name:     "signature-required",
	Title:    "Skill is not signed, and the provenance policy asks for a signature",
	Severity: analyzer.High,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "provenance", "supply-chain"},
	Inputs:   analyzer.InSkill,
	Doc: "A `provenance.policy` rule in `.skillvet.yaml` applies to the skill and asks for a signature, and the skill\n" +
		"has none (`" + SignatureFile + "`). **High and blocking** under `signature: require`, medium under\n" +
		"`signature: prefer`.\n\n" +
		"**Fix:** install the signed release of the skill, or change the policy.",
}

// NotLocked reports a skill version the lock file does not hold.
var NotLocked = &analyzer.Rule{
	ID:       "SV093",
	Name:     "not-in-lock",
	Title:    "Skill version is not in skills.lock",
	Severity: analyzer.High,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "provenance", "supply-chain"},
	Inputs:   analyzer.InSkill,
	Doc: "`gate.locked: true` in `.skillvet.yaml` admits only the skill versions recorded in `skills.lock`, and this\n" +
		"skill is not there or its content differs from the locked version. When it differs, the message says what\n" +
		"the update changes in the skill's capabilities (\"this update adds: sends data to api.x.io …\"), from the\n" +
		"capabilities recorded in the lock. Always blocking.\n\n" +
		"**Fix:** review the update, then run `skillvet lock` to record it.",
}

// Rules lists the provenance rules.
func Rules() []*analyzer.Rule {
	return []*analyzer.Rule{SignatureNotVerified, SignedContentChanged, SignatureRequired, NotLocked}
}

// Findings are the scan findings for a skill's provenance check: none when
// it verified, or when nothing asks for a signature and there is none.
func Findings(c *Check) []analyzer.Finding {
	if c == nil || c.Result == nil || c.Result.Verified() {
		return nil
	}
	sev, kind := analyzer.Medium, analyzer.EvIndicator
	if c.Mode == ModeRequire {
		sev, kind = analyzer.High, analyzer.EvIntegrity
	}
	policy := "provenance policy " + string(c.Mode)
	if c.Anchor != "" {
		policy += " (anchor " + c.Anchor + ")"
	}
	var out []analyzer.Finding
	if c.Result.Status == StatusUnsigned {
		if c.Mode == ModeOff {
			return nil
		}
		return []analyzer.Finding{finding(SignatureRequired, sev, kind, skill.ManifestName,
			fmt.Sprintf("not signed (no %s); %s", SignatureFile, policy))}
	}
	for _, p := range c.Result.Problems {
		s := sev
		if p.Kind == ProblemNoAnchor && c.Mode != ModeRequire {
			s = analyzer.Info
		}
		if p.Path == "" {
			out = append(out, finding(SignatureNotVerified, s, kind, SignatureFile, p.Detail+"; "+policy))
			continue
		}
		path := p.Path
		if path == "." {
			path = skill.ManifestName
		}
		out = append(out, finding(SignedContentChanged, s, kind, path, fmt.Sprintf("%s: %s; %s", p.Kind, p.Detail, policy)))
	}
	return out
}

// NotLockedFinding is the scan finding for a skill a locked gate would
// refuse; msg says why (and what the update changes).
func NotLockedFinding(msg string) analyzer.Finding {
	return finding(NotLocked, analyzer.High, analyzer.EvIntegrity, skill.ManifestName, msg)
}

func finding(r *analyzer.Rule, sev analyzer.Severity, kind analyzer.Evidence, path, msg string) analyzer.Finding {
	pos := skill.Position{Line: 1, Column: 1, Column16: 1}
	return analyzer.Finding{Rule: r.ID, Severity: sev, Category: r.Category, Kind: kind, Path: path,
		Start: pos, End: pos, Message: analyzer.Sanitize(msg)}
}
