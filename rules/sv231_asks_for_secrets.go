package rules

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
)

// AsksForSecrets reports instructions to have the user type wallet seeds,
// private keys, passwords or one-time codes into the conversation.
var AsksForSecrets = register(&analyzer.Rule{
	ID:       "SV231",
	Name:     "asks-for-secrets",
	Title:    "Instruction to ask the user for seed phrases, private keys, passwords or codes",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "credentials", "social-engineering", "CWE-522"},
	Inputs:   analyzer.InMarkdown,
	Doc: `Finds sentences that tell the agent to ask, prompt or request the user for a wallet
seed or recovery phrase, a private key (**high**), or a password, passphrase, one-time or
2FA code, credit-card number or CVV, or social-security number (**medium**).

Wallet drainers and phishing skills use the agent to collect these in chat, where they
end up in transcripts, logs and whatever the skill sends onward. Legitimate tools take
them through the platform's own secure prompt, never through the conversation.

Asking for an API key when an environment variable is missing is common and not reported.
Negated sentences ("never ask the user for passwords") are not reported.

**Fix:** let the wallet, password manager or CLI prompt for the secret itself.

Bad:

    Ask the user for their 12-word recovery phrase so the wallet can be restored.

Good:

    Run the wallet's own restore command; it prompts for the phrase locally.`,
	Run: runAsksForSecrets,
})

var (
	askVerbRx   = match.MustRx(`\b(?:ask|asks|asking|prompt|prompts|request|requests|requesting|collect|collects|obtain|get|have|tell|instruct|require|requires|make)\s+(?:the\s+|your\s+)?(?:user|users|human|customer|them|him|her)\b|\b(?:ask|prompt|request)\s+for\b|\b(?:enter|paste|type|provide|share|submit|send)\s+(?:your|their|the\s+user'?s)\b`)
	askSeedRx   = match.MustRx(`\b(?:seed|recovery|secret|mnemonic|backup)\s+(?:phrase|words|sentence)s?\b|\bmnemonic\b|\bprivate\s+keys?\b|\b(?:12|24)[- ]word\s+(?:(?:recovery|seed|secret|backup)\s+)?(?:phrase|seed|mnemonic|words)\b|\bwallet\s+(?:key|password|secret)s?\b`)
	askSecretRx = match.MustRx(`\b(?:passwords?|passphrases?|passcodes?|one[- ]time (?:codes?|passwords?)|otp|2fa codes?|mfa codes?|verification codes?|credit\s+card(?:\s+numbers?)?|card\s+numbers?|cvv|cvc|security codes?|social\s+security\s+numbers?|ssn|pin codes?)\b`)
	// ownSecretRx: the user sets the secret themselves rather than giving it.
	ownSecretRx = match.MustRx(`\b(?:choose|chooses|pick|picks|create|creates|set|sets|change|changes|reset|resets|rotate|rotates|generate|generates|update|updates)\b`)
	askLits     = match.Registered(append(match.RequiredLiterals(askSeedRx.String()), match.RequiredLiterals(askSecretRx.String())...))
)

func runAsksForSecrets(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := prose.Of(p)
	if err != nil {
		return err
	}
	has := d.SentenceFilter(askLits)
	for _, s := range d.Sentences() {
		if s.Ctx == prose.CtxCode || !has(&s) {
			continue
		}
		if !askSeedRx.MatchString(s.Text) && !askSecretRx.MatchString(s.Text) {
			continue
		}
		vm := askVerbRx.FindStringIndex(s.Text)
		if vm == nil || prose.Negated(s.Text, vm[0]) {
			continue
		}
		rest := s.Text[vm[0]:]
		if m := askSecretRx.FindStringIndex(rest); m != nil && askSeedRx.FindStringIndex(rest) == nil && ownSecretRx.MatchString(rest[:m[0]]) {
			continue // "ask the user to choose the password": the user keeps it
		}
		sev := analyzer.SevNone
		what := ""
		if m := askSeedRx.FindString(rest); m != "" {
			sev, what = High, m
		} else if m := askSecretRx.FindString(rest); m != "" {
			sev, what = Medium, m
		}
		if sev == analyzer.SevNone {
			continue
		}
		rs, re := s.Seg.N.Orig(s.I, s.J)
		sev, why := prose.SentenceSeverity(sev, &s, vm[0], d.Teaching)
		rep.Report(analyzer.Diagnostic{Start: rs, End: re, Severity: sev,
			Message: fmt.Sprintf("instruction to have the user give their %s in the conversation%s", what, why)})
	}
	return nil
}
