package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// ShellNetworkScan reports port scans and host sweeps.
var ShellNetworkScan = register(&analyzer.Rule{
	ID:       "SV722",
	Name:     "network-scan-command",
	Title:    "Command scans ports or sweeps hosts on the network",
	Severity: Medium,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "CWE-200"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds network reconnaissance: port scanners (` + "`nmap`" + `, ` + "`masscan`" + `, ` + "`zmap`" + `, ` + "`rustscan`" + `,
` + "`naabu`" + `, ` + "`arp-scan`" + `, ` + "`netdiscover`" + `), ` + "`nc -z`" + ` over a port range, and ` + "`ping`" + `/` + "`nc`" + ` in a
loop over addresses built from a variable (` + "`ping -c1 192.168.1.$i`" + `). A skill mapping the
user's network is reconnaissance for a later step. **Medium**; **high** for every-port
scans (` + "`-p-`" + `), ranges of /16 or wider, and when it runs at render time or from a hook. A skill whose
name or description says it scans networks or tests security (*penetration test*, *network audit*,
*nmap*) is doing its declared job: **medium**, except at render time or from a hook.

**Fix:** check the one host and port the skill needs.

Bad:

` + "```sh" + `
for i in $(seq 1 254); do ping -c1 -W1 192.168.1.$i; done
` + "```" + `

Good:

` + "```sh" + `
nc -z localhost 5432 && echo "database is up"
` + "```",
	Run: shRunNetworkScan,
})

var shScanners = map[string]bool{"nmap": true, "masscan": true, "zmap": true, "rustscan": true, "naabu": true,
	"arp-scan": true, "netdiscover": true, "unicornscan": true, "hping3": true, "fping": true, "nbtscan": true}

var shWideCIDRRx = match.MustRx(`^\d{1,3}(\.\d{1,3}){3}/([0-9]|1[0-6])$`)

var shPortRangeRx = match.MustRx(`^\d{1,5}-\d{1,5}$`)
var shVarIPRx = match.MustRx(`^\d{1,3}\.\d{1,3}\.\d{1,3}\.(\$|\d{1,3}-\d{1,3}$)`)

func shScan(c *shell.Command) string {
	if shScanners[c.Name] {
		for _, w := range c.Params() {
			if m := shWideCIDRRx.FindStringSubmatch(w.Value); m != nil {
				return "runs the network scanner " + c.Name + " over the wide range " + w.Value
			}
			if w.Value == "-p-" || w.Value == "-p1-65535" {
				return "runs the network scanner " + c.Name + " over every port"
			}
		}
		return "runs the network scanner " + c.Name
	}
	switch c.Name {
	case "nc", "ncat", "netcat":
		if shellfacts.HasShortFlag(c, 'z', "") {
			for _, w := range c.Params() {
				if shPortRangeRx.MatchString(w.Value) {
					return c.Name + " -z scans the port range " + w.Value
				}
			}
		}
		fallthrough
	case "ping", "curl", "telnet":
		for _, w := range c.Params() {
			if shVarIPRx.MatchString(w.Value) || strings.Contains(w.Value, "/dev/tcp/") && !w.Const {
				return c.Name + " sweeps a range of addresses (" + shellfacts.ClipText(w.Raw, 40) + ")"
			}
		}
	}
	return ""
}

// shScanPurposeRx matches a name or description that declares network
// scanning or security testing.
var shScanPurposeRx = match.MustRx(`(?i)\bpen(?:etration)?[- ]?test|\bnmap\b|\bmasscan\b|\bport[- ]scan|\bnetwork (?:scan|discovery|mapping|recon|reconnaissance|security|assessment|audit|inventory)|\breconnaissance\b|\brecon\b|\bred[- ]team|\bvulnerability (?:scan|assessment)|\battack surface\b|\bsecurity (?:assessment|audit|testing)`)

// shDeclaredScanner reports a skill whose manifest says it scans networks.
func shDeclaredScanner(sk *skill.Skill) bool {
	return sk != nil && sk.Manifest != nil && shScanPurposeRx.MatchString(sk.Manifest.Name+" "+sk.Manifest.Description)
}

func shRunNetworkScan(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		what := shScan(c)
		if what == "" {
			return
		}
		sev := Medium
		if site.Kind.Executes() || strings.Contains(what, "wide range") || strings.Contains(what, "every port") {
			sev = High
		}
		// a skill that says it scans networks (a penetration test, a
		// network audit) shows the user what it does: the scan is its
		// declared job, not reconnaissance for another
		if sev == High && !site.Kind.Executes() && shDeclaredScanner(p.Skill) {
			sev, what = Medium, what+" (the skill's stated purpose is network scanning or security testing)"
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: what + shellfacts.Where(site)})
	})
}
