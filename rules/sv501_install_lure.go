package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
)

// InstallLure reports prose that talks the reader into running an
// untrusted installer.
var InstallLure = register(&analyzer.Rule{
	ID:       "SV501",
	Name:     "install-lure",
	Title:    "Prose lures the reader into a fake prerequisite installer",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-494", "CWE-1021"},
	Inputs:   analyzer.InMarkdown,
	Doc: `Scores paragraphs and headings for the signals of the fake-prerequisite campaigns,
which often carry no literal command for a scanner to see:

| signal | weight |
|---|---|
| password-protected archive ("extract with password: …", "(pass: 1234)", "password: infected") | 3 |
| link to a raw IP, paste site, tunnel, file drop or shortener | 2 |
| look-alike release page (` + "`github.com/<user>/<vendor>-releases`" + `, ` + "`…-installer`" + `) | 2 |
| "IMPORTANT: X Required" / prerequisite banner (here or in the two blocks before) | 1 |
| "run/paste/copy … into your Terminal", "visit this page and run the command" | 1 |
| "download X.zip/.exe/.dmg and run/open it" | 1 |
| direct link to an executable or archive | 1 |

A score of 3 is **medium**, 4 **high**, 5 or more **critical**. Ordinary install docs
("Prerequisites: ` + "`pip install acme`" + `", "run this in your terminal: ` + "`npm i -g acme`" + `") score
1–2 and are not reported.

**Fix:** point to the package manager or the vendor's official release page, and
never ship or request password-protected archives.

Bad:

` + "```markdown" + `
**IMPORTANT: OpenClaw CLI Required.** Download it from
https://github.com/openclaw-dev/openclaw-releases, extract with password ` + "`oc2026`" + `
and run the .exe.
` + "```" + `

Good:

` + "```markdown" + `
Prerequisite: install the CLI with ` + "`brew install openclaw`" + `.
` + "```",
	Run: runInstallLure,
})

var (
	lurePasswordRx = regexp.MustCompile(`(?i)\b(pass(word|wd|code)?|pwd|pw)\s*(:|=|is\s*["'` + "`" + `*])\s*["'` + "`" + `*]*[^\s"'` + "`" + `*)]{3,}|\b(extract|unzip|open|unpack|decompress)\b[^.\n]{0,40}\bwith\s+(the\s+)?(password|passcode|key)\b`)
	lureArchiveRx  = regexp.MustCompile(`(?i)\b(zip|rar|7z|7-zip|archive|extract|unzip|unpack|unrar|winrar)\b|\.(zip|rar|7z)\b`)
	lureInfectedRx = regexp.MustCompile(`(?i)pass(word)?\s*[:=]?\s*["'` + "`" + `*]*infected\b`)
	lureBannerRx   = regexp.MustCompile(`(?i)\b(important|attention|warning|prerequisites?|before (you )?(use|using|start|continue|proceed))\b`)
	lureNeedRx     = regexp.MustCompile(`(?i)\b(required|requires|require|must (be )?install|install (it )?first|needs? to be installed|prerequisite)\b`)
	lureTerminalRx = regexp.MustCompile(`(?i)\b(run|paste|copy|execute|enter|type)\b[^.\n]{0,60}\b(in|into|to|inside)\s+(your\s+|the\s+|a\s+|macos\s+)?(terminal|command[- ]line|shell|cmd|powershell|console)\b|\b(visit|open|go to)\b[^.\n]{0,40}\b(page|link|url|site)\b[^.\n]{0,80}\b(run|paste|copy|execute)\b`)
	lureRunFileRx  = regexp.MustCompile(`(?i)\bdownload\b[^\n]{0,120}\b(run|open|execute|launch|double[- ]click|install)\b[^\n]{0,40}|\b(run|open|execute|launch)\b[^.\n]{0,30}\.(exe|msi|scr|bat|dmg|pkg|app)\b`)
	lureExeURLRx   = regexp.MustCompile(`(?i)\.(exe|msi|scr|zip|rar|7z|dmg|pkg|jar|bat|ps1)(\?|#|$)`)
	lureLookalike  = regexp.MustCompile(`(?i)^/[^/]+/[^/]*-(releases?|downloads?|installer|setup|bin|binaries|dist|latest)(/|$)`)
)

type lureScore struct {
	score   int
	signals []string
	pw      bool
	host    bool
}

func (l *lureScore) add(n int, s string) {
	l.score += n
	l.signals = append(l.signals, s)
}

func scoreLure(text string) lureScore {
	var l lureScore
	if lurePasswordRx.MatchString(text) && lureArchiveRx.MatchString(text) || lureInfectedRx.MatchString(text) {
		l.add(3, "password-protected archive")
		l.pw = true
		if lureInfectedRx.MatchString(text) {
			l.add(1, `"infected" password`)
		}
	}
	if lureTerminalRx.MatchString(text) {
		l.add(1, "asks to run a command in a terminal")
	}
	if lureRunFileRx.MatchString(text) {
		l.add(1, "asks to download and run a file")
	}
	susp, look, exe := "", "", false
	for _, u := range intel.URLRx.FindAllString(text, -1) {
		host, c := intel.URLClass(u)
		if c.Suspicious() && susp == "" {
			susp = host + " (" + c.String() + ")"
		}
		if c == intel.HostCodeHost {
			path := u
			if i := strings.Index(u, host); i >= 0 {
				path = u[i+len(host):]
			}
			if lureLookalike.MatchString(path) && look == "" {
				look = u
			}
		}
		exe = exe || lureExeURLRx.MatchString(u)
	}
	if susp != "" {
		l.add(2, "links to "+susp)
		l.host = true
	}
	if look != "" {
		l.add(2, "look-alike release page "+clipText(look, 60))
	}
	if exe {
		l.add(1, "direct link to an executable or archive")
	}
	return l
}

func isBanner(text string) bool {
	return lureBannerRx.MatchString(text) && lureNeedRx.MatchString(text)
}

func runInstallLure(p *analyzer.Pass) error {
	doc, err := p.Markdown()
	if err != nil {
		return nil // unparsable Markdown is reported by the Markdown rules
	}
	var recent []string // text of the last two blocks
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		if t.Kind != markdown.Paragraph && t.Kind != markdown.Heading {
			continue
		}
		l := scoreLure(t.Text)
		banner := isBanner(t.Text)
		for _, r := range recent {
			banner = banner || isBanner(r)
		}
		if banner && l.score > 0 {
			l.add(1, "prerequisite banner")
		}
		recent = append(recent, t.Text)
		if len(recent) > 2 {
			recent = recent[1:]
		}
		if l.score < 3 {
			continue
		}
		sev := Medium
		switch {
		case l.score >= 5:
			sev = Critical
		case l.score >= 4:
			sev = High
		}
		p.Report(analyzer.Diagnostic{Start: t.TextStart, End: t.End, Severity: sev,
			Message: "install lure: " + strings.Join(l.signals, ", ")})
	}
	return nil
}
