package rules

import (
	"crypto/x509"
	"encoding/asn1"
	"encoding/pem"
	"errors"

	"bytes"
	"encoding/base64"
	"fmt"
	"golang.org/x/crypto/ssh"
	"hash/crc32"
	"math"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
)

// HardcodedSecret reports credentials written into a skill's files.
var HardcodedSecret = register(&analyzer.Rule{
	ID:       "SV230",
	Name:     "hardcoded-secret",
	Title:    "Hard-coded API key, token or private key",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "secrets", "CWE-798"},
	Inputs:   analyzer.InAnyText,
	Keywords: []string{"akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-", "xox", "sk_live_", "rk_live_", "aiza", "private key", "eyj", "glpat-", "npm_", "hf_", "sg.", ":aa", "dop_v1_", "doo_v1_", "dor_v1_", "shpat_", "shpca_", "shppa_", "shpss_", "discord", "gsk_", "xai-", "sk-or-", "r8_", "pplx-", "key", "secret", "token", "passw", "pwd"},
	Doc: `Finds credentials in any text file of a skill: provider keys recognised by their
prefixes (AWS ` + "`AKIA…`" + `, GitHub ` + "`ghp_`" + `/` + "`gho_`" + `/` + "`github_pat_`" + `, OpenAI ` + "`sk-…`" + `/` + "`sk-proj-…`" + `,
Anthropic ` + "`sk-ant-…`" + `, Slack ` + "`xox[bpas]-`" + `, Stripe ` + "`sk_live_`" + `, Google ` + "`AIza…`" + `, GitLab, npm,
Hugging Face, SendGrid, Telegram bot, DigitalOcean, Shopify, Groq, xAI, OpenRouter,
Replicate, Perplexity, Discord webhook URLs), PEM private key blocks, JSON Web Tokens, and high-entropy values assigned
to variables named like secrets (` + "`api_key = \"…\"`" + `).

A published skill is public: a key in it is leaked, and a skill that ships someone's key
may also be abusing it. Provider keys and private keys are **high**; JWTs and generic
assignments **medium**.

Evidence is redacted (` + "`ghp_****…abcd`" + `). Placeholders are not findings: ` + "`sk-xxxx`" + `,
` + "`<YOUR_KEY>`" + `, ` + "`AKIAIOSFODNN7EXAMPLE`" + `, ` + "`${API_KEY}`" + `, values with "example", "dummy", "your", "test"
or long runs of one character, letters or digits that run through the alphabet or the number
line (` + "`AIzaSyA1B2C3D4E5F6…`" + `), and low-entropy values. A GitHub token (` + "`ghp_`" + `, ` + "`gho_`" + `, ` + "`ghu_`" + `,
` + "`ghs_`" + `, ` + "`ghr_`" + `) whose last six characters are not the CRC32 checksum GitHub writes into every token
it issues was made up by hand (a documentation sample): **medium**.

**Fix:** revoke the key now, remove it from the history, and read keys from the
environment or the platform's secret store.

Bad:

    OPENAI_API_KEY = "sk-proj-8fK2…"   (a real key, committed)

Good:

    api_key = os.environ["OPENAI_API_KEY"]`,
	Run: runHardcodedSecret,
})

type secretPattern struct {
	label string
	rx    *match.Rx
	sev   analyzer.Severity
	group int // submatch holding the secret (0: whole match)
	lits  []string
	// lineLocal: no match spans a line, so the regexp runs only on the
	// lines that hold one of lits
	lineLocal bool
}

// secretLits indexes every pattern's required literals so one pass over
// a file tells which patterns can match.
var secretLits struct {
	ac  *match.AC
	ids [][]int32 // pattern → literal IDs; nil: always run
}

func init() {
	var all []string
	index := map[string]int32{}
	secretLits.ids = make([][]int32, len(secretPatterns))
	for i := range secretPatterns {
		lits := secretPatterns[i].rx.RequiredLiterals()
		secretPatterns[i].lits = lits
		secretPatterns[i].lineLocal = secretPatterns[i].rx.LineLocal()
		if lits == nil {
			continue
		}
		for _, l := range lits {
			id, ok := index[l]
			if !ok {
				id = int32(len(all))
				index[l] = id
				all = append(all, l)
			}
			secretLits.ids[i] = append(secretLits.ids[i], id)
		}
	}
	secretLits.ac = match.NewAC(all)
}

var secretPatterns = []secretPattern{
	{"AWS access key ID", match.MustRx(`\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`), High, 0, nil, false},
	{"GitHub token", match.MustRx(`\bgh[pousr]_[A-Za-z0-9]{36,255}\b`), High, 0, nil, false},
	{"GitHub fine-grained token", match.MustRx(`\bgithub_pat_[A-Za-z0-9_]{60,255}\b`), High, 0, nil, false},
	{"Anthropic API key", match.MustRx(`\bsk-ant-(?:api|admin|sid)\d{2}-[A-Za-z0-9_-]{32,}`), High, 0, nil, false},
	{"OpenAI API key", match.MustRx(`\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|\bsk-[A-Za-z0-9]{48}\b`), High, 0, nil, false},
	{"Slack token", match.MustRx(`\bxox[baprs]-[0-9]{6,}-[0-9A-Za-z-]{8,}`), High, 0, nil, false},
	{"Slack webhook", match.MustRx(`https://hooks\.slack\.com/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{20,}`), High, 0, nil, false},
	{"Stripe secret key", match.MustRx(`\b[rs]k_live_[0-9A-Za-z]{20,}\b`), High, 0, nil, false},
	{"Google API key", match.MustRx(`\bAIza[0-9A-Za-z_-]{35}\b`), High, 0, nil, false},
	{"GitLab token", match.MustRx(`\bglpat-[0-9A-Za-z_-]{20,}\b`), High, 0, nil, false},
	{"npm token", match.MustRx(`\bnpm_[A-Za-z0-9]{36}\b`), High, 0, nil, false},
	{"Hugging Face token", match.MustRx(`\bhf_[A-Za-z]{34}\b`), High, 0, nil, false},
	{"SendGrid API key", match.MustRx(`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b`), High, 0, nil, false},
	{"Telegram bot token", match.MustRx(`\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b`), High, 0, nil, false},
	{"DigitalOcean token", match.MustRx(`\bdo[por]_v1_[a-f0-9]{64}\b`), High, 0, nil, false},
	{"Shopify token", match.MustRx(`\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b`), High, 0, nil, false},
	{"Discord webhook", match.MustRx(`https://(?:\w+\.)?discord(?:app)?\.com/api/webhooks/\d{5,}/[A-Za-z0-9_-]{50,}`), High, 0, nil, false},
	{"Groq API key", match.MustRx(`\bgsk_[A-Za-z0-9]{52}\b`), High, 0, nil, false},
	{"xAI API key", match.MustRx(`\bxai-[A-Za-z0-9]{70,}\b`), High, 0, nil, false},
	{"OpenRouter API key", match.MustRx(`\bsk-or-v1-[a-f0-9]{64}\b`), High, 0, nil, false},
	{"Replicate token", match.MustRx(`\br8_[A-Za-z0-9]{37}\b`), High, 0, nil, false},
	{"Perplexity API key", match.MustRx(`\bpplx-[A-Za-z0-9]{48}\b`), High, 0, nil, false},
	{"JSON Web Token", match.MustRx(`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}`), Medium, 0, nil, false},
	{"secret in an env assignment", match.MustRx(`(?m)^\s*(?:export\s+)?[A-Z0-9_]*(?:API_?KEY|SECRET|TOKEN|PASSWORD|PASSWD|PWD|ACCESS_KEY|PRIVATE_KEY)[A-Z0-9_]*=([A-Za-z0-9+/_\-.=~!@%^*]{16,200})\s*$`), Medium, 1, nil, false},
	{"secret assignment", match.MustRx(`(?i)(?:api[_-]?key|apikey|secret|token|passwd|password|pwd|access[_-]?key|auth[_-]?key|client[_-]?secret|private[_-]?key)[a-z0-9_.-]*["']?\s*(?::=|=|:|=>)\s*["']([A-Za-z0-9+/_\-.=~!@#%^&*]{16,200})["']`), Medium, 1, nil, false},
}

var (
	pemRx           = match.MustRx(`-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----`)
	placeholderRx   = match.MustRx(`(?i)x{4,}|\*{3,}|\.{3}|example|sample|placeholder|dummy|fake|your|test|redacted|changeme|change_me|replace|insert|<|>|\$\{|\{\{|0{6,}|1{6,}|123456|abcdef|qwerty|lorem|foobar|xyz`)
	notSecretNameRx = match.MustRx(`(?i)(?:url|uri|path|file|filename|endpoint|name|type|header|env|var|field|id|length|count|size|limit|ttl|expiry|expires)["']?\s*(?::=|=|:|=>)\s*["']$`)
	pemFillerRx     = match.MustRx(`\.\.\.|x{4,}|X{4,}|<|>|\*{3,}|(?i:example|redacted|placeholder)`)
	jwtSampleSub    = []byte(`"sub":"1234567890"`)
)

func runHardcodedSecret(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	c := p.File.Content
	text := string(c)
	lower := match.LowerASCIIKeepLen(text)
	hits := secretLits.ac.Hits(lower)
	seen := map[int]bool{}
	for i, sp := range secretPatterns {
		var at []int32 // where the pattern's literals occur
		if ids := secretLits.ids[i]; ids != nil {
			for _, id := range ids {
				at = append(at, hits.Of(id)...)
			}
			if len(at) == 0 {
				continue
			}
		}
		for _, m := range findSecretCandidates(sp, text, lower, at) {
			s, e := m[0], m[1]
			if sp.group > 0 {
				s, e = m[2*sp.group], m[2*sp.group+1]
			}
			if seen[s] {
				continue
			}
			val := text[s:e]
			if placeholderRx.MatchString(val) || secretRepeatedRun(val) || secretSequential(val) {
				continue
			}
			switch sp.label {
			case "JSON Web Token":
				if jwtSample(val) {
					continue
				}
			case "secret assignment", "secret in an env assignment":
				if secretEntropy(val) < 3.5 || !secretMixedClasses(val) || strings.HasPrefix(val, "/") || strings.HasPrefix(val, ".") || strings.Contains(val, "://") || notSecretNameRx.MatchString(text[m[0]:s]) {
					continue
				}
			case "OpenAI API key":
				if secretEntropy(val) < 3.5 {
					continue
				}
			}
			seen[s] = true
			sev, msg := sp.sev, fmt.Sprintf("hard-coded %s %s", sp.label, redactSecret(val))
			if sp.label == "GitHub token" && !secretGitHubChecksum(val) {
				// GitHub writes a CRC32 of the token into its last six
				// characters; a token whose checksum fails was never
				// issued: a documentation sample, made up by hand
				sev, msg = Medium, fmt.Sprintf("text shaped like a GitHub token (%s) whose checksum does not match: a made-up sample?", redactSecret(val))
			}
			rep.Report(analyzer.Diagnostic{Start: s, End: e, Severity: sev,
				Message: msg, Evidence: redactedLine(c, s, e)})
		}
	}
	if !strings.Contains(text, "PRIVATE KEY") {
		return nil
	}
	for _, m := range pemRx.FindAllStringSubmatchIndex(text, -1) {
		s := m[0]
		body := text[m[1]:]
		if len(body) > 16<<10 {
			body = body[:16<<10] // keys are a few KiB; bound the search
		}
		if k := strings.Index(body, "-----"); k >= 0 { // END, or the next BEGIN
			body = body[:k]
		}
		b64 := secretKeyLines(body)
		if len(b64) < 64 || pemFillerRx.MatchString(body) || secretEntropy(b64) < 4.0 {
			continue // not key material: a pattern list, code after the marker
		}
		kind := text[m[2]:m[3]]
		sev, msg := High, fmt.Sprintf("hard-coded %s (%d bytes of key material)", kind, len(b64))
		if !secretKeyParses(kind, b64) {
			sev, msg = Medium, fmt.Sprintf("text shaped like a %s that does not parse as one (%d bytes): a truncated or made-up sample?", kind, len(b64))
		}
		rep.Report(analyzer.Diagnostic{Start: s, End: m[1], Severity: sev, Message: msg,
			Evidence: text[m[0]:m[1]] + " ****"})
	}
	return nil
}

// secretBase62 is the alphabet of GitHub's token checksums.
const secretBase62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// secretGitHubChecksum reports whether a GitHub token (ghp_, gho_, ghu_,
// ghs_, ghr_) carries the checksum GitHub gives every token it issues:
// the last six characters are the CRC32 (IEEE) of the characters between
// the prefix and them, in base 62.
func secretGitHubChecksum(tok string) bool {
	if len(tok) < 4+7 {
		return false
	}
	body, sum := tok[4:len(tok)-6], tok[len(tok)-6:]
	var n uint64
	for i := 0; i < len(sum); i++ {
		k := strings.IndexByte(secretBase62, sum[i])
		if k < 0 {
			return false
		}
		n = n*62 + uint64(k)
	}
	return n == uint64(crc32.ChecksumIEEE([]byte(body)))
}

// secretKeyLines returns the key material of a PEM body: its lines that
// are base64 once quotes, string escapes and whitespace are stripped,
// joined; headers ("Proc-Type: …"), comments and code are left out, so a
// comment after the BEGIN line hides nothing and a pattern list yields
// (almost) nothing.
func secretKeyLines(body string) string {
	body = strings.NewReplacer(`\r\n`, "\n", `\n`, "\n", `\r`, "\n").Replace(body)
	var b strings.Builder
	for _, line := range strings.Split(body, "\n") {
		line = strings.Trim(line, " \t\r\"'`,;()[]{}")
		if line != "" && !strings.Contains(line, ":") && secretBase64Body(line) {
			b.WriteString(line)
		}
	}
	return b.String()
}

// secretBase64Body reports whether b is base64 (standard alphabet, padding
// at the end only, or the armour checksum of a PGP block).
func secretBase64Body(b string) bool {
	if i := strings.LastIndexByte(b, '='); i >= 0 && i+5 == len(b) && b[i-1] != '=' {
		b = b[:i] // PGP armour checksum "=XXXX"
	}
	b = strings.TrimRight(b, "=")
	for i := 0; i < len(b); i++ {
		c := b[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return false
		}
	}
	return true
}

// secretKeyParses reports whether the key material parses as the key its
// PEM label names: PKCS#1, SEC 1, PKCS#8 and OpenSSH keys are parsed; DSA
// and encrypted PKCS#8 bodies must at least be one well-formed DER value;
// PGP blocks are taken as they are. Random base64 under a key label (a
// sample in a secret scanner's tests, a truncated example) parses as none.
func secretKeyParses(kind, b64 string) bool {
	if strings.HasPrefix(kind, "PGP ") {
		return true
	}
	der, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		if der, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(b64, "=")); err != nil {
			return false
		}
	}
	switch kind {
	case "RSA PRIVATE KEY":
		_, err = x509.ParsePKCS1PrivateKey(der)
	case "EC PRIVATE KEY":
		_, err = x509.ParseECPrivateKey(der)
	case "PRIVATE KEY":
		_, err = x509.ParsePKCS8PrivateKey(der)
	case "OPENSSH PRIVATE KEY":
		block := pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der})
		_, err = ssh.ParseRawPrivateKey(block)
		var missing *ssh.PassphraseMissingError
		if errors.As(err, &missing) {
			err = nil // encrypted: a key all the same
		}
	default: // DSA, ENCRYPTED: one DER value and nothing after it
		var v asn1.RawValue
		var rest []byte
		if rest, err = asn1.Unmarshal(der, &v); err == nil && len(rest) > 0 {
			err = errors.New("trailing data")
		}
	}
	return err == nil
}

// redactSecret keeps a recognisable prefix and the last four characters.
func redactSecret(v string) string {
	pre := 4
	for _, p := range []string{"github_pat_", "sk-ant-", "sk-proj-", "sk_live_", "rk_live_", "glpat-", "xoxb-", "xoxp-", "xoxa-", "xoxs-", "xoxr-"} {
		if strings.HasPrefix(v, p) {
			pre = len(p)
			break
		}
	}
	if len(v) < pre+8 {
		pre = 2
	}
	if len(v) <= 8 {
		return "****"
	}
	return v[:pre] + "****…" + v[len(v)-4:]
}

// redactedLine returns the line holding [s, e) with the secret redacted.
func redactedLine(c []byte, s, e int) string {
	ls := bytes.LastIndexByte(c[:s], '\n') + 1
	le := bytes.IndexByte(c[e:], '\n')
	if le < 0 {
		le = len(c)
	} else {
		le += e
	}
	return string(c[ls:s]) + redactSecret(string(c[s:e])) + string(c[e:le])
}

func secretRepeatedRun(v string) bool {
	run := 1
	for i := 1; i < len(v); i++ {
		if v[i] == v[i-1] {
			run++
			if run >= 6 {
				return true
			}
		} else {
			run = 1
		}
	}
	return false
}

// secretEntropy is the Shannon entropy of s in bits per byte.
func secretEntropy(s string) float64 {
	if s == "" {
		return 0
	}
	var freq [256]int
	for i := 0; i < len(s); i++ {
		freq[s[i]]++
	}
	h := 0.0
	n := float64(len(s))
	for _, f := range freq {
		if f > 0 {
			q := float64(f) / n
			h -= q * math.Log2(q)
		}
	}
	return h
}

// secretMixedClasses reports values with digits and letters (real keys) rather
// than words or identifiers.
func secretMixedClasses(v string) bool {
	var lower, upper, digit bool
	for _, c := range v {
		switch {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		}
	}
	return digit && (lower || upper)
}

// jwtSample reports the well-known jwt.io example token and tokens whose
// payload says they are examples.
func jwtSample(tok string) bool {
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return false
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return false
	}
	b = bytes.ReplaceAll(b, []byte(" "), nil)
	return bytes.Contains(b, jwtSampleSub) || placeholderRx.Match(b)
}

// findSecretCandidates runs a pattern over the file. A pattern whose
// matches lie within a line runs only on the lines that hold one of its
// literals (at: their offsets, from one pass over the file). The generic
// assignment patterns have no distinctive prefix, so they run only on
// lines that hold a secret-like name, an assignment and a long value.
func findSecretCandidates(sp secretPattern, text, lower string, at []int32) [][]int {
	assign := sp.label == "secret assignment" || sp.label == "secret in an env assignment"
	if !assign && !(sp.lineLocal && sp.lits != nil) {
		return sp.rx.FindAllStringSubmatchIndex(text, -1)
	}
	var starts []int
	if sp.lits == nil {
		starts = append(starts, 0)
		for i := 0; i < len(lower); i++ {
			if lower[i] == '\n' {
				starts = append(starts, i+1)
			}
		}
	} else {
		starts = match.LineStartsAt(lower, at)
	}
	quoted := sp.label == "secret assignment"
	var out [][]int
	for _, off := range starts {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := lower[off:end]
		if assign && !(strings.ContainsAny(line, "=:") && (!quoted || strings.ContainsAny(line, "\"'")) && secretValueRun(line, quoted)) {
			continue
		}
		for _, m := range sp.rx.FindAllStringSubmatchIndex(text[off:end], -1) {
			for i := range m {
				if m[i] >= 0 {
					m[i] += off
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// secretValueRun reports whether line can hold the value of an assignment
// pattern: 16 value bytes after an opening quote (quoted) or after '='.
// Both patterns need one; the test is far cheaper than the regexp.
func secretValueRun(line string, quoted bool) bool {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if quoted && c != '"' && c != '\'' || !quoted && c != '=' {
			continue
		}
		n := 0
		for j := i + 1; j < len(line) && n < 16 && secretValueByte(line[j], quoted); j++ {
			n++
		}
		if n >= 16 {
			return true
		}
	}
	return false
}

// secretValueByte is the value class of the assignment patterns,
// [A-Za-z0-9+/_\-.=~!@#%^&*] quoted and the same without # and &
// unquoted, and any non-ASCII byte.
func secretValueByte(c byte, quoted bool) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	case c >= 0x80:
		return true // (?i) folds ſ and the Kelvin sign into the class
	}
	switch c {
	case '+', '/', '_', '-', '.', '=', '~', '!', '@', '%', '^', '*':
		return true
	case '#', '&':
		return quoted
	}
	return false
}

// secretSequential reports a made-up value: its letters or its digits,
// read on their own, run through the alphabet or the number line
// (AIzaSyA1B2C3D4E5F6…, sk-abcdefghij…), which no generated key does.
func secretSequential(v string) bool {
	run := func(keep func(byte) bool) int {
		best, cur := 0, 0
		var prev byte
		for i := 0; i < len(v); i++ {
			c := v[i]
			if !keep(c) {
				continue
			}
			lc := c | 0x20
			if cur > 0 && (lc == prev+1 || prev == '9' && c == '0') {
				cur++
			} else {
				cur = 1
			}
			prev = lc
			if c >= '0' && c <= '9' {
				prev = c
			}
			best = max(best, cur)
		}
		return best
	}
	letters := run(func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' })
	digits := run(func(c byte) bool { return c >= '0' && c <= '9' })
	return letters >= 8 || digits >= 8
}
