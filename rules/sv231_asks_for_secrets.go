package rules

import (
	"fmt"
	"strings"

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

The same secrets typed or pasted into a web page or form the skill points to (*to verify
wallet ownership, paste your recovery phrase at https://…*, *import your wallet by entering
the 12 words*) are reported the same way: that page is the drainer. A machine's key pasted into a
labelled field of the tool the steps configure (*SSH Private Key: paste the private key content*
under *Fill in:*, no URL, no wallet named, not *here* or into the reply) is **medium**, and so is a
private key named as a certificate's, a key pair's or a service's (*enter the private key that
matches the certificate*, *provide your messaging SDK private key*) with no wallet, URL or chat
named: an API's or a console's parameter, not a wallet's key. A user asked to *use* a private key where it is
kept (*prompts the user, through the platform's biometric check, to sign the challenge with the private key*),
with nothing handing it over (paste, enter, send, export …), no URL and no chat named, is **medium** too.

Asking for an API key when an environment variable is missing is common and not reported,
nor is a password typed into the operating system's own prompt (*sudo asks for your
password*, *enter it when prompted*, *in the installer dialog*): SV506 judges those prompts
when they serve a downloaded helper. Negated sentences ("never ask the user for passwords")
are not reported.

**Fix:** let the wallet, password manager or CLI prompt for the secret itself.

Bad:

    Ask the user for their 12-word recovery phrase so the wallet can be restored.

Good:

    Run the wallet's own restore command; it prompts for the phrase locally.`,
	Run: runAsksForSecrets,
})

var (
	askVerbRx   = match.MustRx(`\b(?:ask|asks|asking|prompt|prompts|request|requests|requesting|collect|collects|obtain|get|have|tell|instruct|require|requires|make)\s+(?:the\s+|your\s+)?(?:user|users|human|customer|them|him|her)\b|\b(?:ask|prompt|request)\s+for\b|\b(?:enter|enters|entering|paste|pastes|pasting|type|types|typing|provide|provides|providing|share|shares|sharing|submit|submits|submitting|send|sends|sending|input|inputs|import|imports|importing)\s+(?:in\s+)?(?:your|their|the\s+user'?s)\b|\b(?:enter|entering|paste|pasting|type|typing|input|submit|submitting)\s+(?:in\s+)?(?:the|all|all\s+the)\s+(?:(?:12|18|24|twelve|eighteen|twenty-four)[- ]word\s+|secret\s+|wallet'?s?\s+)?(?:seed|recovery|mnemonic|backup|secret|private|words)\b|\bcopy(?:ing)?\s+(?:your|their|the)\s+(?:\S+\s+){0,3}?(?:phrase|words|mnemonic|private\s+keys?)\s+(?:into|to|onto)\b`)
	askSeedRx   = match.MustRx(`\b(?:seed|recovery|secret|mnemonic|backup)\s+(?:phrase|words|sentence)s?\b|\bmnemonic\b|\bprivate\s+keys?\b|\b(?:12|24)[- ]word\s+(?:(?:recovery|seed|secret|backup)\s+)?(?:phrase|seed|mnemonic|words)\b|\bwallet\s+(?:key|password|secret)s?\b`)
	askSecretRx = match.MustRx(`\b(?:passwords?|passphrases?|passcodes?|one[- ]time (?:codes?|passwords?)|otp|2fa codes?|mfa codes?|verification codes?|credit\s+card(?:\s+numbers?)?|card\s+numbers?|cvv|cvc|security codes?|social\s+security\s+numbers?|ssn|pin codes?)\b`)
	// askWordsRx: "the 12 words" of a wallet's recovery phrase, which
	// counts only where the sentence is about a wallet.
	askWordsRx  = match.MustRx(`\b(?:12|18|24|twelve|eighteen|twenty-four)[- ]words?\b`)
	askWalletRx = match.MustRx(`\b(?:wallet|seed|recovery|restore|import|metamask|phantom|ledger|trezor|crypto)\b`)
	// askKeyFileRx: the path or name of a private key file, not the key.
	askKeyFileRx = match.MustRx(`^\s*(?:file|path|location|filename|file name|passphrase|id|name)\b`)
	// ownSecretRx: the user sets the secret themselves rather than giving it.
	ownSecretRx = match.MustRx(`\b(?:choose|chooses|pick|picks|create|creates|set|sets|change|changes|reset|resets|rotate|rotates|generate|generates|update|updates)\b`)
	// askOSPromptRx: the password goes to the operating system's own
	// prompt (sudo, an installer or keychain dialog, the terminal), not
	// into the conversation; SV506 judges such prompts for downloaded
	// helpers.
	askOSPromptRx = match.MustRx(`\b(?:sudo|when prompted|if prompted|at the (?:\w+\s+)?prompt|(?:in|into)\s+(?:the\s+|your\s+)?(?:terminal|shell|console|(?:\w+\s+){0,2}dialog|(?:\w+\s+)?prompt|installer|keychain|system settings)|(?:it|the installer|macos|the system|the os|terminal|the terminal|the command|the script|the dialog|the prompt)\s+(?:will\s+|may\s+)?(?:asks?|prompts?)(?:\s+(?:you\s+)?for)?)\b`)
	// askFormRx: the secret goes to a web page or form rather than into
	// the conversation.
	askFormRx = match.MustRx(`https?://|\b(?:form|field|box|web ?page|page|site|website|portal|popup|pop-up)\b`)
	askLits   = match.Registered(append(append(askSeedRx.RequiredLiterals(), askSecretRx.RequiredLiterals()...), askWordsRx.RequiredLiterals()...))
)

func runAsksForSecrets(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := prose.Of(p)
	if err != nil {
		return err
	}
	has := d.SentenceFilter(askLits)
	sents := d.Sentences()
	for sk := range sents {
		s := &sents[sk] // not a copy: escaping, a copy was allocated per sentence
		if s.Ctx == prose.CtxCode || !has(s) {
			continue
		}
		words := askWordsRx.MatchString(s.Text) && askWalletRx.MatchString(s.Text)
		if !words && !askSeedRx.MatchString(s.Text) && !askSecretRx.MatchString(s.Text) {
			continue
		}
		vm := askVerbRx.FindStringIndex(s.Text)
		if vm == nil || prose.Negated(s.Text, vm[0]) {
			continue
		}
		rest := s.Text[vm[0]:]
		seed := askSeed(rest)
		if seed == "" && words {
			seed = askWordsRx.FindString(rest)
		}
		if m := askSecretRx.FindStringIndex(rest); m != nil && seed == "" && ownSecretRx.MatchString(rest[:m[0]]) {
			continue // "ask the user to choose the password": the user keeps it
		}
		sev := analyzer.SevNone
		what := ""
		if seed != "" {
			sev, what = High, seed
		} else if m := askSecretRx.FindString(rest); m != "" {
			if askOSPromptRx.MatchString(s.Text) {
				continue // typed into sudo's or the installer's own prompt
			}
			sev, what = Medium, m
		}
		if sev == analyzer.SevNone {
			continue
		}
		where := "in the conversation"
		if askFormRx.MatchString(rest) {
			where = "into a web page or form"
		}
		if sev == High && machineKeyField(s.Text, vm[0], what) {
			// "SSH Private Key: Paste the private key content" under "Fill
			// in:": a server's or a CI system's key typed into that tool's
			// own settings, not a wallet's key given to a page or the chat
			sev, where = Medium, "into a field of the tool it configures (an SSH, deploy or signing key, not a wallet's)"
		}
		if sev == High && certKey(s.Text, vm[0], what) {
			// "you must enter the private key that matches the
			// certificate", "provide your messaging SDK private key": a
			// certificate's, key pair's or service's key given to the
			// product or API it configures, not a wallet's
			sev, where = Medium, "for a certificate, key pair or service the product configures, not a wallet's"
		}
		if sev == High && keyUsedInPlace(s.Text, vm[0], what) {
			// "prompts the user (via the platform's biometric check) to sign
			// the challenge with the private key": the user is asked to use
			// the key where it is kept, not to hand it over
			sev, where = Medium, "to be used where it is kept (to sign or unlock with it), not given"
		}
		rs, re := s.Seg.N.Orig(s.I, s.J)
		sev, why := prose.SentenceSeverity(sev, s, vm[0], d.Teaching)
		rep.Report(analyzer.Diagnostic{Start: rs, End: re, Severity: sev,
			Message: fmt.Sprintf("instruction to have the user give their %s %s%s", what, where, why)})
	}
	return nil
}

// machineKeyRx names a key that authenticates a machine or signs builds;
// walletWordsRx names the crypto wallets whose keys are the drainers'
// target; fieldLabelRx is a form field's label right before the verb
// ("SSH Private Key: paste …", "- **Deploy key** – paste …").
var (
	machineKeyRx  = match.MustRx(`\b(?:ssh|deploy|signing|gpg|pgp|tls|ssl|server|host|ci|sftp|git)\b`)
	walletWordsRx = match.MustRx(`\b(?:wallets?|seed|mnemonic|recovery|metamask|phantom|ledger|trezor|crypto|ethereum|eth|solana|sol|bitcoin|btc|web3|tokens?|coins?|nft)\b`)
	intoChatRx    = match.MustRx(`\b(?:here|chat|conversation|reply|replies|message|below|to me|to us|with me|with us|this thread)\b`)
	fieldLabelRx  = match.MustRx(`(?:^|[\n|])\W*[\w ]{2,40}\W{0,3}[:–—-]\W{0,3}$`)
)

// machineKeyField reports a private key pasted into a labelled field of
// the tool the sentence configures: the field's label right before the
// verb names an SSH, deploy or signing key, no URL is given and no
// wallet is named.
func machineKeyField(t string, verb int, what string) bool {
	if !strings.Contains(what, "private key") || strings.Contains(t, "://") || walletWordsRx.MatchString(t) || intoChatRx.MatchString(t[verb:]) {
		return false
	}
	label := t[max(0, verb-48):verb]
	return fieldLabelRx.MatchString(label) && machineKeyRx.MatchString(label)
}

// certKeyRx names what a machine's private key belongs to: a certificate,
// a key pair, a service's SDK or account.
var certKeyRx = match.MustRx(`\b(?:certificates?|certs?|key pairs?|public[- ]private|x\.?509|pem|sdk|service accounts?|dkim|tls|ssl)\b`)

// certKey reports a private key named as a certificate's, a key pair's or a
// service's, with no wallet named, no URL and no word sending it into the
// chat.
func certKey(t string, verb int, what string) bool {
	if !strings.Contains(what, "private key") || strings.Contains(t, "://") || walletWordsRx.MatchString(t) || intoChatRx.MatchString(t[verb:]) {
		return false
	}
	return certKeyRx.MatchString(t)
}

// keyUseRx: what the user is asked to do is an act done with the key ("to
// sign the challenge with the private key"); keyGiveRx: a word that hands
// the key over or reveals it.
var (
	keyUseRx  = match.MustRx(`^[^.]{0,60}?\bto\s+(?:\w+\s+)?(?:sign|authenticate|decrypt|approve|unlock|attest)\b[^.]{0,60}?\bwith\s+(?:the|their|your|its|a)\s+(?:\w+\s+)?private\s+keys?\b`)
	keyGiveRx = match.MustRx(`\b(?:paste|pasting|enter|entering|type|typing|share|sharing|send|sending|provide|providing|give|giving|copy|copying|export|exporting|reveal|revealing|upload|uploading|input|submit|submitting|read out|show|showing)\b`)
)

// keyUsedInPlace reports a private key the user is asked to use, not to
// give: the ask (from verb in t) is to sign or unlock with it, nothing in
// the sentence hands it over, and no URL or chat is named.
func keyUsedInPlace(t string, verb int, what string) bool {
	if !strings.Contains(what, "private key") || strings.Contains(t, "://") || keyGiveRx.MatchString(t) || intoChatRx.MatchString(t[verb:]) {
		return false
	}
	return keyUseRx.MatchString(t[verb:])
}

// askSeed returns the first wallet secret named in t, skipping the path or
// name of a private key file ("enter the private key path").
func askSeed(t string) string {
	for off := 0; off < len(t); {
		m := askSeedRx.FindStringIndex(t[off:])
		if m == nil {
			return ""
		}
		if !askKeyFileRx.MatchString(t[off+m[1]:]) {
			return t[off+m[0] : off+m[1]]
		}
		off += m[1]
	}
	return ""
}
