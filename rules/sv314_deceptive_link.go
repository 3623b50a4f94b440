package rules

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
)

// DeceptiveLink reports Markdown links whose text shows one host while the
// destination is another.
var DeceptiveLink = register(&analyzer.Rule{
	ID:       "SV314",
	Name:     "deceptive-link",
	Title:    "Link text shows a different host from the link destination",
	Severity: Medium,
	Category: analyzer.CatHidden,
	Tags:     []string{"security", "phishing", "CWE-451"},
	Inputs:   analyzer.InMarkdown,
	Keywords: []string{"]("},
	Doc: `Finds Markdown links whose text is a URL or domain name that differs from the host
the link really goes to: ` + "`[github.com/acme/tool](https://acme-tool.pages.example/x.sh)`" + `.
Readers — and agents that trust the visible text — follow a destination they did not
see. **Medium**; **high** when the real destination is a raw IP, paste site, tunnel, file
drop, shortener or request catcher.

The same host, a subdomain of it, and text that is not a host name are fine.

**Fix:** make the link text match the destination.

Bad:

    Download from [github.com/acme/tool](https://acme-tool.pages-cdn.net/x.sh).

Good:

    Download from [github.com/acme/tool](https://github.com/acme/tool/releases).`,
	Run: runDeceptiveLink,
})

var hostTextRx = match.MustRx(`(?i)^(?:https?://)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?:[:/?#]\S*)?$`)

func runDeceptiveLink(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	doc, err := p.Markdown()
	if err != nil {
		return err
	}
	for _, t := range doc.Tokens {
		if t.Kind != markdown.Link {
			continue
		}
		m := hostTextRx.FindStringSubmatch(strings.TrimSpace(t.Text))
		if m == nil {
			continue
		}
		shown := strings.TrimPrefix(strings.ToLower(m[1]), "www.")
		if !strings.Contains(shown, ".") || fileLikeTLD(shown) {
			continue
		}
		u, err := url.Parse(strings.TrimSpace(t.URL))
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		real := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		if real == shown || strings.HasSuffix(real, "."+shown) || strings.HasSuffix(shown, "."+real) {
			continue
		}
		_, class := intel.URLClass(t.URL)
		sev := Medium
		if class.Suspicious() {
			sev = High
		}
		rep.Report(analyzer.Diagnostic{Start: t.Start, End: t.End, Severity: sev,
			Message: fmt.Sprintf("link text shows %s but the link goes to %s (%s)", shown, real, class)})
	}
	return nil
}

// fileLikeTLD reports link texts such as "SKILL.md" or "setup.py" that look
// like host names but are file names.
func fileLikeTLD(h string) bool {
	i := strings.LastIndexByte(h, '.')
	switch h[i+1:] {
	case "md", "py", "js", "ts", "sh", "json", "yaml", "yml", "txt", "go", "rs", "rb", "html", "css", "toml", "lock", "cfg", "ini", "xml", "csv", "pdf", "png", "jpg", "svg", "zip", "tar", "gz", "mjs", "cjs", "tsx", "jsx", "ps1", "bat", "exe", "dll", "so", "env", "local", "example":
		return true
	}
	return false
}
