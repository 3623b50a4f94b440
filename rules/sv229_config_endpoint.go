package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/hostfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/skill"
)

// ConfigEndpoint reports configuration files of a skill that point an
// endpoint at a tunnel, paste site, request catcher, file drop or raw IP.
var ConfigEndpoint = register(&analyzer.Rule{
	ID:       "SV229",
	Name:     "config-endpoint",
	Title:    "Configuration points an endpoint at a tunnel, catcher, paste site or raw IP",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "exfiltration", "configuration", "CWE-200", "CWE-15"},
	Inputs:   analyzer.InYAML | analyzer.InJSON | analyzer.InText,
	Doc: `Finds URLs in a skill's configuration files — YAML, JSON, TOML, INI, ` + "`.env`" + `, ` + "`.cfg`" + `/` + "`.conf`" + ` —
whose host is a tunnel (` + "`ngrok`" + `, ` + "`trycloudflare`" + `), a request catcher (` + "`webhook.site`" + `, Discord webhooks),
a paste site, an anonymous file drop or a URL shortener: **high** (**medium** when the skill's
frontmatter names that service, as a Discord notifier names Discord); a public IP address
literal: **medium**. Configuration is where code and agents take their endpoints from — a base URL, an
OAuth callback, a webhook — so whatever the skill sends goes there, while its prose says it
talks to a well-known service. Values in comments are not reported; loopback and private
addresses are the user's own services, and a URL that is the argument of a command in a value (a
` + "`package.json`" + ` script) is left to the shell rules.

**Fix:** point the configuration at the service's real, documented host.

Bad:

` + "```yaml" + `
service:
  base_url: https://a1b2c3.ngrok-free.app/oauth/callback
` + "```" + `

Good:

` + "```yaml" + `
service:
  base_url: https://oauth2.googleapis.com/token
` + "```",
	Run: runConfigEndpoint,
})

// configExtRx matches configuration files among plain text files.
var configExtRx = match.MustRx(`(?i)\.(?:toml|ini|cfg|conf|env|properties)$|(?:^|/)\.env(?:\.[\w-]+)?$`)

func runConfigEndpoint(p *analyzer.Pass) error {
	switch p.File.Kind {
	case skill.KindJSON:
		if strings.HasSuffix(strings.ToLower(p.File.Path), ".ipynb") {
			return nil // a notebook is code: its cells are read as code (SV050)
		}
	case skill.KindYAML:
	case skill.KindText:
		if !configExtRx.MatchString(path.Base(p.File.Path)) && !configExtRx.MatchString(p.File.Path) {
			return nil
		}
	default:
		return nil
	}
	c := string(p.File.Content)
	if !strings.Contains(c, "://") {
		return nil
	}
	off := 0
	for _, line := range strings.SplitAfter(c, "\n") {
		lineOff := off
		off += len(line)
		for _, loc := range intel.URLRx.FindAllStringIndex(line, 8) {
			if configComment(line[:loc[0]]) {
				break
			}
			if configCommandRx.MatchString(line[:loc[0]]) {
				continue // a command in a value (a package.json script): the shell rules judge it
			}
			u := line[loc[0]:loc[1]]
			host, class := intel.URLClass(u)
			if host == "" || p.Config.HostAllowed(host) {
				continue
			}
			sev := analyzer.SevNone
			switch {
			case class == intel.HostRawIP:
				sev = Medium
			case class.Suspicious() && hostfacts.Of(p.Skill).Familiar(host):
				sev = Medium // a Discord notifier's own webhook: the skill says so
			case class.Suspicious():
				sev = High
			default:
				continue
			}
			p.Report(analyzer.Diagnostic{Start: lineOff + loc[0], End: lineOff + loc[1], Severity: sev,
				Message: fmt.Sprintf("configuration points %s at %s (%s): what the skill sends or fetches there goes through it", configKey(line[:loc[0]]), host, class)})
		}
	}
	return nil
}

// configComment reports a line prefix that opens a comment (# or ; or //
// outside quotes).
func configComment(pre string) bool {
	t := strings.TrimSpace(pre)
	if strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";") || strings.HasPrefix(t, "//") {
		return true
	}
	return strings.Contains(pre, " #") && strings.Count(pre[:strings.Index(pre, " #")], `"`)%2 == 0 && strings.Count(pre[:strings.Index(pre, " #")], "'")%2 == 0
}

// configCommandRx: the value holds a command that takes the URL as an
// argument.
var configCommandRx = match.MustRx(`\b(?:curl|wget|iwr|Invoke-WebRequest|irm|fetch|nc|bash|sh|python3?|node|npx)\s+(?:-\S+\s+)*\S*$`)

var configKeyRx = match.MustRx(`["']?([\w.-]+)["']?\s*[:=]\s*["']?$`)

// configKey names the key a value belongs to, or "an endpoint".
func configKey(pre string) string {
	if m := configKeyRx.FindStringSubmatch(pre); m != nil {
		return m[1]
	}
	return "an endpoint"
}
