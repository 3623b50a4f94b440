package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/coderole"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellCapabilities records what shell commands send over the network,
// without judging it, so the correlation rules can join a send in a script
// to a credential read in another file or language.
var ShellCapabilities = register(&analyzer.Rule{
	ID:       "SV802",
	Name:     "shell-capabilities",
	Title:    "Capabilities of shell commands (data sent over the network)",
	Severity: Info,
	Category: analyzer.CatExfiltration,
	Evidence: analyzer.EvCapability,
	Tags:     []string{"capability", "shell"},
	Inputs:   shellfacts.Inputs,
	Doc: `Records, for every shell command (scripts, code blocks and commands in Markdown, hooks,
PowerShell), the ` + "`net-send`" + ` capability with the destination host when the command transmits
data: ` + "`curl -d/-F/-T/--data…`" + `, a POST or PUT, ` + "`wget --post-data/--post-file`" + `, ` + "`scp`" + `/` + "`rsync`" + ` to a
remote host, uploads with cloud and FTP clients, command output put in a URL's query, data encoded in
a DNS lookup. It reports no finding of its own.

Sending data is what many honest skills do. The capability matters when another file of the
skill reads a credential: a Python helper that prints ` + "`~/.aws/credentials`" + ` and a script that posts
what it printed hold each half of the chain in a different language. The correlation rule
(SV801) joins them and judges the host (the credential's issuer, loopback and private networks and
allowlisted hosts are not reported).`,
	Run: runShellCapabilities,
})

func runShellCapabilities(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		if _, ok := shellfacts.SendsData(c); !ok {
			return
		}
		if (site.Kind == analyzer.SiteCodeSpan || site.Kind == analyzer.SiteProse) && site.Cautioned {
			return // quoted as something not to do
		}
		if site.Kind == analyzer.SiteCodeBlock || site.Kind == analyzer.SiteCodeSpan {
			if coderole.Of(p).At(c.Start).Role == coderole.Illustration {
				return // what others do, not what this skill does
			}
		}
		for _, u := range shellfacts.URLs(c) {
			if intel.ElidedHost(u) {
				continue // https://.../x names no server
			}
			if host, _ := intel.URLClass(u); host != "" && !shPlaceholderHost(host) {
				p.Capability(analyzer.CapNetSend, host, c.Start)
				return
			}
		}
		if host := shCopyHost(c); host != "" {
			p.Capability(analyzer.CapNetSend, host, c.Start)
		}
	})
}

// shCopyHost returns the host of a remote copy's destination, its last
// operand written [user@]host:path (scp f deploy@h.example:/srv/).
func shCopyHost(c *shell.Command) string {
	switch c.Name {
	case "scp", "sftp", "rsync":
	default:
		return ""
	}
	ps := c.Params()
	if len(ps) == 0 {
		return ""
	}
	dst := ps[len(ps)-1].Value
	h, _, ok := strings.Cut(dst, ":")
	if !ok || strings.Contains(h, "/") {
		return ""
	}
	if i := strings.LastIndexByte(h, '@'); i >= 0 {
		h = h[i+1:]
	}
	if host, _ := intel.URLClass("ssh://" + h + "/"); host != "" && !shPlaceholderHost(host) {
		return host
	}
	return ""
}

// shPlaceholderHost reports a host written as a placeholder for the
// reader's own (<server-ip>, which the shell view reads as _server-ip_).
func shPlaceholderHost(h string) bool {
	return len(h) > 2 && h[0] == '_' && strings.HasSuffix(h, "_")
}
