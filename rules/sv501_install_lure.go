package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
)

// ShellInstallLure reports prose that talks the reader into running an
// untrusted installer.
var ShellInstallLure = register(&analyzer.Rule{
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
	Run: shRunInstallLure,
})

var (
	shLurePasswordRx = regexp.MustCompile(`(?i)\b(pass(word|wd|code)?|pwd|pw)\s*(:|=|is\s*["'` + "`" + `*])\s*["'` + "`" + `*]*[^\s"'` + "`" + `*)]{3,}|\b(extract|unzip|open|unpack|decompress)\b[^.\n]{0,40}\bwith\s+(the\s+)?(password|passcode|key)\b`)
	shLureArchiveRx  = regexp.MustCompile(`(?i)\b(zip|rar|7z|7-zip|archive|extract|unzip|unpack|unrar|winrar)\b|\.(zip|rar|7z)\b`)
	shLureInfectedRx = regexp.MustCompile(`(?i)pass(word)?\s*[:=]?\s*["'` + "`" + `*]*infected\b`)
	shLureBannerRx   = regexp.MustCompile(`(?i)\b(important|attention|warning|prerequisites?|before (you )?(use|using|start|continue|proceed))\b`)
	shLureNeedRx     = regexp.MustCompile(`(?i)\b(required|requires|require|must (be )?install|install (it )?first|needs? to be installed|prerequisite)\b`)
	shLureTerminalRx = regexp.MustCompile(`(?i)\b(run|paste|copy|execute|enter|type)\b[^.\n]{0,60}\b(in|into|to|inside)\s+(your\s+|the\s+|a\s+|macos\s+)?(terminal|command[- ]line|shell|cmd|powershell|console)\b|\b(visit|open|go to)\b[^.\n]{0,40}\b(page|link|url|site)\b[^.\n]{0,80}\b(run|paste|copy|execute)\b`)
	shLureRunFileRx  = regexp.MustCompile(`(?i)\bdownload\b[^\n]{0,120}\b(run|open|execute|launch|double[- ]click|install)\b[^\n]{0,40}|\b(run|open|execute|launch)\b[^.\n]{0,30}\.(exe|msi|scr|bat|dmg|pkg|app)\b`)
	shLureExeURLRx   = regexp.MustCompile(`(?i)\.(exe|msi|scr|zip|rar|7z|dmg|pkg|jar|bat|ps1)(\?|#|$)`)
	shLureLookalike  = regexp.MustCompile(`(?i)^/[^/]+/[^/]*-(releases?|downloads?|installer|setup|bin|binaries|dist|latest)(/|$)`)
)

type shLureScore struct {
	score   int
	signals []string
	pw      bool
	host    bool
}

func (l *shLureScore) add(n int, s string) {
	l.score += n
	l.signals = append(l.signals, s)
}

func shScoreLure(text string) shLureScore {
	var l shLureScore
	if shLurePasswordRx.MatchString(text) && shLureArchiveRx.MatchString(text) || shLureInfectedRx.MatchString(text) {
		l.add(3, "password-protected archive")
		l.pw = true
		if shLureInfectedRx.MatchString(text) {
			l.add(1, `"infected" password`)
		}
	}
	if shLureTerminalRx.MatchString(text) {
		l.add(1, "asks to run a command in a terminal")
	}
	if shLureRunFileRx.MatchString(text) {
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
			if shLureLookalike.MatchString(path) && look == "" {
				look = u
			}
		}
		exe = exe || shLureExeURLRx.MatchString(u)
	}
	if susp != "" {
		l.add(2, "links to "+susp)
		l.host = true
	}
	if look != "" {
		l.add(2, "look-alike release page "+shClipText(look, 60))
	}
	if exe {
		l.add(1, "direct link to an executable or archive")
	}
	return l
}

func shIsBanner(text string) bool {
	return shLureBannerRx.MatchString(text) && shLureNeedRx.MatchString(text)
}

func shRunInstallLure(p *analyzer.Pass) error {
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
		l := shScoreLure(t.Text)
		banner := shIsBanner(t.Text)
		for _, r := range recent {
			banner = banner || shIsBanner(r)
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
