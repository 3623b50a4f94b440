package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonClipboardHijack reports "clipper" code that swaps cryptocurrency
// addresses on the clipboard.
var PythonClipboardHijack = register(&analyzer.Rule{
	ID:       "SV284",
	Name:     "python-clipboard-hijack",
	Title:    "Python replaces cryptocurrency addresses on the clipboard",
	Severity: Critical,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "python", "stealer", "CWE-506", "CWE-451"},
	Inputs:   analyzer.InPython,
	Doc: `A "clipper": Python code watches the clipboard for cryptocurrency addresses
(Bitcoin, Ethereum, Monero, Solana, … patterns) and writes an address of its own in their
place, so the user pastes the attacker's address into their next payment. Reported when a
clipboard write (` + "`pyperclip.copy`" + `, ` + "`clipboard.copy`" + `, ` + "`SetClipboardData`" + `, ` + "`pbcopy`" + `,
` + "`xclip`" + `) sits in a file that also reads the clipboard and matches wallet-address patterns,
or writes a constant wallet address. **Critical**.

**Fix:** remove the code.

Bad:

` + "```python" + `
import pyperclip, re, time
while True:
    if re.match(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$", pyperclip.paste()):
        pyperclip.copy("bc1qattackeraddress...")
    time.sleep(0.5)
` + "```" + `

Good:

` + "```python" + `
import pyperclip
pyperclip.copy(summary)  # hand the user the result they asked for
` + "```",
	Run: runPythonClipboardHijack,
})

var pyWalletAddrRx = match.MustRx(`^(bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40}|T[A-Za-z1-9]{33}|[48][1-9A-HJ-NP-Za-km-z]{94})$`)

// pyWalletPatternRx matches regular expressions written to recognise
// wallet addresses.
var pyWalletPatternRx = match.MustRx(`\(bc1\||\[13\]|0x\[a-fA-F0-9\]\{40\}|\[48\]|\{2[56],3[49]\}|\{94\}|\{33\}`)

var pyClipWriteCmdRx = match.MustRx(`(?i)(^|\s|/)(pbcopy|clip(\.exe)?|xclip\s+[^|;&]*-selection|xsel\s+[^|;&]*(-i|--input)|wl-copy|Set-Clipboard)\b`)

func runPythonClipboardHijack(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var writes []*python.Call
	reads := false
	for _, c := range m.Calls {
		n := c.Name
		switch {
		case n == "pyperclip.copy" || n == "clipboard.copy" || n == "win32clipboard.SetClipboardText" ||
			n == "win32clipboard.SetClipboardData" || strings.HasSuffix(n, "clipboard_append"):
			writes = append(writes, c)
		case pyfacts.CaptureKind(m, c) == "clipboard":
			reads = true
		default:
			if cmd, ok := pyfacts.CommandText(m, c); ok && pyClipWriteCmdRx.MatchString(cmd) {
				writes = append(writes, c)
			}
		}
	}
	if len(writes) == 0 {
		return nil
	}
	patterns := false
	for i := range m.Toks {
		if m.Toks[i].Kind == python.String {
			if v, _ := m.Value(i); len(v) < 200 && pyWalletPatternRx.MatchString(v) {
				patterns = true
				break
			}
		}
	}
	for _, c := range writes {
		addr := ""
		if a, ok := c.Arg(0, "text"); ok {
			if v, ok := m.Fold(a.Start, a.End); ok && pyWalletAddrRx.MatchString(strings.TrimSpace(v)) {
				addr = strings.TrimSpace(v)
			}
		}
		if addr == "" && !(reads && patterns) {
			continue
		}
		start, end := m.Span(c)
		msg := "replaces clipboard contents with a cryptocurrency address"
		if addr != "" {
			msg += " (" + pyfacts.ClipStr(addr, 16) + ")"
		}
		if reads && patterns {
			msg += " after matching wallet addresses on the clipboard"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: msg})
	}
	return nil
}
