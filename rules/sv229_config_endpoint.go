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
talks to a well-known service. Values in comments are not reported; a link inside the value of a
documentation key (` + "`description`" + `, ` + "`summary`" + `, ` + "`title`" + `, ` + "`help`" + `, ` + "`example`" + `, ` + "`notes`" + `, a YAML block
scalar under one) is text for a reader, not an endpoint: **medium** at most, while a ` + "`url`" + `,
` + "`endpoint`" + `, ` + "`webhook`" + ` or ` + "`base_url`" + ` value stays high. So is a link inside a value of words (a post or
message kept as data: *"body": "… the announcement is at https://t.co/… if you missed it."*): **medium**
at most, unless its key names an endpoint (` + "`report_to`" + `, ` + "`callback`" + `, ` + "`*_url`" + `); a value that is the URL,
or a URL after a flag (*--url https://…*), stays high. Loopback and private
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
	block := configBlock{indent: -1}
	for _, line := range strings.SplitAfter(c, "\n") {
		lineOff := off
		off += len(line)
		blockKey := block.next(line, p.File.Kind == skill.KindYAML)
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
			key, vs, ok := configValueKey(line[:loc[0]])
			if !ok && blockKey != "" {
				key, vs, ok = blockKey, 0, true
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
			if ok && configDocKey(key) {
				// The text of a description or summary names the link for a
				// reader; the configuration takes no endpoint from it.
				p.Report(analyzer.Diagnostic{Start: lineOff + loc[0], End: lineOff + loc[1], Severity: min(sev, Medium),
					Message: fmt.Sprintf("documentation value (%s) links to %s (%s): text for a reader, not an endpoint the configuration uses; check where it leads", key, host, class)})
				continue
			}
			if ok && !configEndpointKey(key) && configProseValue(line[vs:loc[1]], loc[0]-vs) {
				// "body": "Holding [a coin](…) or two? The announcement is at
				// https://t.co/… if you missed it.": a link inside a text (a
				// post, a message kept as data), not an endpoint; a key that
				// names one ("report_to", "webhook_url") stays high
				p.Report(analyzer.Diagnostic{Start: lineOff + loc[0], End: lineOff + loc[1], Severity: min(sev, Medium),
					Message: fmt.Sprintf("text value (%s) links to %s (%s): a link inside words for a reader, not an endpoint the configuration uses; check where it leads", key, host, class)})
				continue
			}
			name := "an endpoint"
			if ok {
				name = key
			}
			p.Report(analyzer.Diagnostic{Start: lineOff + loc[0], End: lineOff + loc[1], Severity: sev,
				Message: fmt.Sprintf("configuration points %s at %s (%s): what the skill sends or fetches there goes through it", name, host, class)})
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

// configKeyStartRx finds a key and its separator: "key": , key: , key =.
var configKeyStartRx = match.MustRx(`["']?([\w.$-]+)["']?\s*[:=]\s*`)

// configQuotedOpenRx: the rest of the line opens a quoted string that is
// still open; configPlainOpenRx: a plain (unquoted) value still running.
var (
	configQuotedOpenRx = match.MustRx(`^(?:"(?:[^"\\]|\\.)*|'[^']*)$`)
	configPlainOpenRx  = match.MustRx(`^(?:[^"'\s{}\[\],][^{}\[\]]*)?$`)
)

// configValueKey names the key whose value holds the text that ends the
// prefix pre (the URL follows it), and the offset in pre where that value
// starts: the leftmost key whose quoted string is still open (nothing
// closes inside a string), else the rightmost key whose plain value runs
// on to the URL.
func configValueKey(pre string) (string, int, bool) {
	locs := configKeyStartRx.FindAllStringSubmatchIndex(pre, -1)
	for _, m := range locs {
		if configQuotedOpenRx.MatchString(pre[m[1]:]) {
			return pre[m[2]:m[3]], m[1], true
		}
	}
	for i := len(locs) - 1; i >= 0; i-- {
		if m := locs[i]; configPlainOpenRx.MatchString(pre[m[1]:]) {
			return pre[m[2]:m[3]], m[1], true
		}
	}
	return "", 0, false
}

// configBlock follows a YAML block scalar (key: | or key: >): the lines
// indented deeper than its key are its value.
type configBlock struct {
	key    string
	indent int
}

var configBlockRx = match.MustRx(`^(\s*(?:-\s+)?)["']?([\w.$-]+)["']?\s*:\s*[|>][-+0-9]*\s*(?:#.*)?$`)

// next reads one line and returns the key of the block scalar the line
// belongs to, or "".
func (b *configBlock) next(line string, yaml bool) string {
	if !yaml {
		return ""
	}
	body := strings.TrimRight(line, "\r\n")
	if strings.TrimSpace(body) == "" {
		return b.key
	}
	indent := len(body) - len(strings.TrimLeft(body, " \t"))
	if b.key != "" && indent > b.indent {
		return b.key
	}
	b.key, b.indent = "", -1
	if m := configBlockRx.FindStringSubmatch(body); m != nil {
		b.key, b.indent = m[2], len(m[1]) // the key's column, after a list dash
	}
	return ""
}

// configDocKey: a key whose value is text for a reader (a schema's
// description, an example, a help string), not a setting the skill uses.
func configDocKey(key string) bool {
	k := strings.ToLower(key)
	if i := strings.LastIndexAny(k, ".$"); i >= 0 {
		k = k[i+1:]
	}
	k = strings.TrimPrefix(k, "x-")
	switch k {
	case "description", "summary", "title", "help", "example", "examples", "docs", "doc", "comment", "comments", "note", "notes":
		return true
	}
	return strings.HasSuffix(k, "description") || strings.HasSuffix(k, "_summary") || strings.HasSuffix(k, "-summary")
}

// configEndpointKeyRx: a key that names where something is sent or
// fetched from.
var configEndpointKeyRx = match.MustRx(`(?i)(?:url|uri|endpoint|hook|host|server|base|callback|redirect|target|dest|proxy|api|remote|mirror|upload|report|send|post_to|notify|sink|forward|relay|origin|registry|href|src|address|addr|domain|link)`)

// configEndpointKey reports a key that names an endpoint.
func configEndpointKey(key string) bool { return configEndpointKeyRx.MatchString(key) }

// configWordsRx: four words of letters in a row, each followed by a space
// (a sentence, not a flag list or a path).
var configWordsRx = match.MustRx(`(?:\pL[\pL'’,]*[.!?;:]?\s+){3}\pL`)

// configProseValue reports a URL at u in the value text v (from the
// value's start to the URL's end) that sits inside words for a reader:
// text before it, and a run of words in the value. A value that is the
// URL, or a flag and the URL (--url https://…), is not.
func configProseValue(v string, u int) bool {
	if strings.TrimLeft(v[:u], " \t\"'") == "" {
		return false // the value is the URL
	}
	return configWordsRx.MatchString(v[:u])
}
