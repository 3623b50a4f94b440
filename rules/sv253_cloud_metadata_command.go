package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellCloudMetadata reports commands that query cloud instance metadata
// services for credentials.
var ShellCloudMetadata = register(&analyzer.Rule{
	ID:       "SV253",
	Name:     "cloud-metadata-command",
	Title:    "Command queries the cloud instance metadata service",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "CWE-918", "CWE-522"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands that talk to a cloud instance metadata service:
` + "`169.254.169.254`" + ` (AWS, Azure, GCP, OpenStack), ` + "`metadata.google.internal`" + `, ` + "`100.100.100.200`" + `
(Alibaba), ` + "`fd00:ec2::254`" + `. On a cloud machine these hand out the instance's IAM
credentials to any local process; an agent running a skill there can be made to
fetch them.

**Critical** when the path asks for credentials or tokens
(` + "`/iam/security-credentials`" + `, ` + "`/token`" + `, ` + "`service-accounts/…/token`" + `, ` + "`identity/oauth2`" + `) or the
response is sent on; **high** otherwise.

**Fix:** use the cloud SDK's own credential chain in code the user controls; skills
should not read instance metadata.

Bad:

` + "```sh" + `
curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/
` + "```" + `

Good:

` + "```sh" + `
aws sts get-caller-identity
` + "```",
	Run: shRunCloudMetadata,
})

var shMetadataHosts = []string{"169.254.169.254", "metadata.google.internal", "100.100.100.200", "fd00:ec2::254", "169.254.170.2", "metadata.azure.com"}

func shMetadataURL(c *shell.Command) (string, bool) {
	if !shellfacts.IsDownloader(c) && c.Name != "nc" && c.Name != "ncat" {
		return "", false
	}
	for _, w := range c.Params() {
		low := strings.ToLower(w.Value)
		for _, h := range shMetadataHosts {
			if strings.Contains(low, h) {
				return w.Value, true
			}
		}
	}
	return "", false
}

var shMetaFactRx = match.MustRx(`/latest/meta-data/(?:public-ipv4|local-ipv4|public-hostname|local-hostname|hostname|instance-id|instance-type|ami-id|mac|placement/[\w-]+)/?$|/computemetadata/v1/instance/(?:zone|hostname|id|machine-type|network-interfaces/[\w/-]*?(?:ip|external-ip))/?$|/metadata/instance/compute/(?:location|vmsize|name)\b`)

func shRunCloudMetadata(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		u, ok := shMetadataURL(c)
		if !ok {
			return
		}
		low := strings.ToLower(u)
		sev, what := High, "queries the cloud instance metadata service ("+shellfacts.ClipText(u, 80)+")"
		if strings.Contains(low, "security-credentials") || strings.Contains(low, "/token") || strings.Contains(low, "identity/oauth2") || strings.Contains(low, "service-accounts") {
			sev, what = Critical, "reads cloud instance credentials from the metadata service ("+shellfacts.ClipText(u, 80)+")"
		} else if shellfacts.EnvDestination(site.Script, -1, c) != "" {
			sev, what = Critical, what+" and sends the answer on"
		} else if shMetaFactRx.MatchString(low) {
			// the instance's own address, name or zone: what deployment
			// guides read; not credentials
			sev, what = Medium, what+" for instance facts, not credentials"
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: what + shellfacts.Where(site)})
	})
}
