package rules

import (
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/hostfacts"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
)

// DelegatedCommand reports prose that has the reader run a command the
// skill does not contain: the one a web page, an installer window or the
// clipboard supplies.
var DelegatedCommand = register(&analyzer.Rule{
	ID:       "SV507",
	Name:     "delegated-command",
	Title:    "Instruction to run a command shown on a web page, in an installer window or left on the clipboard",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "social-engineering", "CWE-494", "CWE-829"},
	Inputs:   analyzer.InMarkdown,
	Keywords: []string{"command", "one-liner", "one liner", "one-line", "one line", "snippet", "script", "code", "line", "win+r", "win + r", "windows key", "windows+r", "windows + r", "⊞", "clipboard", "ctrl+v", "cmd+v", "⌘"},
	Doc: `Finds instructions — to the user or to the agent — to run a command that is not in the
skill but somewhere else: *go to https://… and run the command shown on the page in your
Terminal*, *copy the command displayed in the installer window and paste it into Terminal*,
*follow the terminal instructions on the download page*, and the "ClickFix" shape: *press
Win+R, paste and press Enter* or *the command is already on your clipboard — paste it into
Terminal*.

The reviewed skill then holds no command at all: whoever controls the page, the installer or the
clipboard decides what runs, after every review, and can serve each visitor something else.

- a page on a paste site, file drop, tunnel, shortener, raw IP or look-alike release host:
  **critical**;
- a clipboard filled by someone else and pasted into Run or a terminal: **high**;
- a page on an unknown host (or no host named) when the command goes into a terminal, or
  when the skill also has the reader download a program (facts/prose SkillPayload): **high**;
  otherwise **medium**, and medium too for the user's own account page at the service the skill
  is written for (*copy the authtoken command from your dashboard*; a host the frontmatter names);
- a command shown by an installer window, dialog or pop-up: the same, **high** when it goes
  into a terminal or the skill has the reader download a program, **medium** otherwise.

Official install pages (brew.sh, rustup.rs, nodejs.org, the hosts of well-known installer
scripts, package registries: ` + "`intel.VendorPageHost`" + `) are not reported, nor are commands from the
skill's own documents ("run the command listed in AGENTS.md"). Only instructions count (facts/prose
ClauseRole): descriptions, prohibitions, questions, and lures reported as what attackers say are
not reported; findings are low in a security-teaching skill.

**Fix:** put the exact command in the skill, pinned to a version, where it is reviewed.

Bad:

    Go to https://get.helper.example/download and run the command shown on the page in your Terminal.

Good:

` + "```sh" + `
brew install acme-helper@2.4.1
` + "```",
	Run: runDelegatedCommand,
})

// delegateSource is where a delegated command comes from.
type delegateSource uint8

const (
	delegatePage      delegateSource = iota // a web page
	delegateWindow                          // an installer window, dialog or pop-up
	delegateClipboard                       // the clipboard, filled by a page
)

type delegatePhrase struct {
	prose.Phrase
	src delegateSource
	// needsTerminal: the verb (copy, paste) runs nothing unless the
	// sentence sends it into a terminal.
	needsTerminal bool
	// needsCtx must match the sentence's paragraph.
	needsCtx *match.Rx
}

const (
	dcNoun   = `(?:commands?|one[- ]liners?|one[- ]line (?:installers?|commands?|scripts?)|snippets?|scripts?|code|lines?|install(?:ation|er)? commands?)`
	dcPlaces = `(?:page|site|website|web ?page|link|url|installer|window|dialog|pop-?up|popup|screen|browser|tab|portal|dashboard|captcha|verification (?:page|window|box)|https?://\S+)`
)

var (
	// dcTerminalRx: the command goes into a terminal or the Run box.
	dcTerminalRx = match.MustRx(`\b(?:terminal|shell|powershell|cmd(?:\.exe)?|command prompt|command line|run (?:dialog|box|window)|console|iterm|win\s*\+\s*r)\b`)
	// dcPasteRx: the paste that follows Win+R.
	dcPasteRx = match.MustRx(`\b(?:paste|ctrl\s*\+\s*v|cmd\s*\+\s*v|⌘\s*\+?\s*v)\b`)
	// dcClipboardRx: someone else put the command on the clipboard.
	dcClipboardRx = match.MustRx(`\b(?:already (?:been\s+)?copied|(?:has been|was|is|gets|got|were) (?:automatically\s+)?copied|automatically copied|copied (?:it\s+)?for you|(?:on|in|to) your clipboard|the (?:page|site|button|captcha) (?:has\s+)?(?:copied|copies|puts|placed|put))\b`)
	// dcCodeNounRx: the thing to run is only called "code" or a "line".
	dcCodeNounRx = match.MustRx(`\b(?:code|codes|line|lines)\s+(?:(?:that|which)\s+)?(?:is\s+|are\s+)?(?:you\s+)?(?:shown|displayed|given|listed|provided|written|found|presented|posted|published|see|appears?|appearing|generated|offered|from|the|its|this|that|an?)\b`)
	// dcAuthCodeRx: a sign-in, device or pairing code.
	dcAuthCodeRx = match.MustRx(`\b(?:one[- ]time|device|verification|auth(?:ori[sz]ation)?|pairing|confirmation|activation|access|promo|coupon|qr|otp|2fa|mfa|login|sign[- ]in|security|user|\d+[- ]digit|pin|short|tv|link(?:ing)?)\s+codes?\b`)
	dcRunVerbRx  = match.MustRx(`^(?:run|execute|paste)\b`)
	// dcAccountRx: the page is the user's own account page at a service.
	dcAccountRx = match.MustRx(`\b(?:dashboard|console|your account|account (?:page|settings)|project (?:page|settings)|your (?:project|workspace|organi[sz]ation|org|team)(?:'s)? (?:page|settings)|authtoken|auth token|api key|access token|token page|profile page)\b`)
	// dcWindowRx: the command comes from a program's window, not a page.
	dcWindowRx = match.MustRx(`\b(?:installer|window|dialog|pop-?up|popup|screen|captcha|verification)\b`)
	// dcVisitedPageRx: what "visit … and run the command" visits is a page.
	dcVisitedPageRx = match.MustRx(`https?://|\b(?:page|site|website|link|url|download|portal)\b`)
)

var delegatePhrases = []delegatePhrase{
	{Phrase: prose.NewPhrase(High, "command shown elsewhere", `\b(?:run|execute|paste|copy|enter|type|use)\s+(?:and\s+(?:run|paste|execute)\s+)?(?:the|this|that|a|any|whatever)\s+(?:\S+\s+){0,3}?`+dcNoun+`\s+(?:(?:that|which)\s+(?:is\s+|are\s+)?|you\s+)?(?:shown|displayed|given|listed|provided|written|found|presented|posted|published|see|appears?|appearing|generated|offered)\s+(?:on|at|in|inside|by|within|from)\s+(?:the\s+|that\s+|this\s+|its\s+|your\s+|an?\s+)?(?:\S+\s+){0,2}?`+dcPlaces+`\b`)},
	{Phrase: prose.NewPhrase(High, "command shown elsewhere", `\b(?:run|execute|paste|type|enter)\s+(?:the|any|whatever|every)\s+(?:\S+\s+){0,2}?`+dcNoun+`\s+(?:that\s+)?(?:the|its|this|that|an?)\s+(?:\S+\s+){0,2}?`+dcPlaces+`\s+(?:shows|displays|gives you|lists|suggests|provides|offers)\b`)},
	{Phrase: prose.NewPhrase(High, "command copied from elsewhere", `\b(?:copy|paste|run|execute|grab|get)\s+(?:and\s+(?:run|paste|execute)\s+)?(?:the\s+|its\s+)?(?:\S+\s+){0,3}?`+dcNoun+`\s+from\s+(?:the\s+|that\s+|this\s+|its\s+|an?\s+)?(?:\S+\s+){0,2}?`+dcPlaces+`\b`), needsTerminal: true},
	{Phrase: prose.NewPhrase(High, "command taken from a visited page", `\b(?:visit|open|go to|navigate to|browse to|head to|load)\s+(?:\S+\s+){0,8}?(?:and|then|,)\s+(?:then\s+)?(?:run|paste|execute|copy)\s+(?:and\s+(?:run|paste|execute)\s+)?(?:the|its|any|whatever)\s+(?:\S+\s+){0,2}?(?:commands?|one[- ]liners?|snippets?|scripts?)\b`)},
	{Phrase: prose.NewPhrase(High, "command shown elsewhere", `\b(?:run|execute|paste|copy|enter|type|use)\s+(?:and\s+(?:run|paste|execute)\s+)?(?:the|this|that|a|any|whatever)\s+(?:\S+\s+){0,3}?`+dcNoun+`\s+(?:(?:that|which)\s+(?:is\s+|are\s+)?|you\s+)?(?:shown|displayed|given|listed|provided|written|found|presented|posted|published|see|appears?|appearing|generated|offered)\s+(?:there|on it|on screen|on the screen)\b`), needsCtx: dcVisitedPageRx},
	{Phrase: prose.NewPhrase(High, "terminal steps delegated to a page", `\bfollow\s+(?:the\s+)?(?:terminal|command[- ]line|shell|cli|powershell)\s+(?:instructions|steps|commands)\s+(?:(?:(?:shown|given|listed|provided)\s+)?(?:on|at|in|from)\b|(?:it|the page|the site|the installer|the window|that page)\s+(?:gives|shows|lists|displays|provides)\b)`)},
	{Phrase: prose.NewPhrase(High, "clipboard pasted into Run", `\b(?:press|hit|open|use|hold)\s+(?:the\s+)?(?:win(?:dows)?(?:\s*key)?\s*(?:\+|and)\s*r|⊞\s*(?:win\s*)?\+?\s*r)\b`), src: delegateClipboard, needsCtx: dcPasteRx},
	{Phrase: prose.NewPhrase(High, "clipboard pasted into a terminal", `\b(?:paste|press (?:ctrl|cmd|command|⌘)\s*\+?\s*v)\b(?:\s*\S+){0,8}?\s+(?:into|in)\s+(?:the\s+|your\s+|a\s+)?(?:terminal|shell|powershell|command prompt|cmd|run (?:dialog|box|window)|console)\b`), src: delegateClipboard, needsCtx: dcClipboardRx},
}

var delegateLits = func() []string {
	var l []string
	for i := range delegatePhrases {
		l = append(l, delegatePhrases[i].Lits...)
	}
	return match.Registered(l)
}()

func runDelegatedCommand(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := prose.Of(p)
	if err != nil {
		return err
	}
	has := d.SentenceFilter(delegateLits)
	// the segments where each phrase's literal gate holds, from the
	// literal index: most sentences are never matched at all
	cand := make([][]bool, len(delegatePhrases))
	for i := range delegatePhrases {
		cand[i] = d.GateCandidates(delegatePhrases[i].Gate, d.Candidates(delegatePhrases[i].Lits))
	}
	sents := d.Sentences()
	for sk := range sents {
		s := &sents[sk] // not a copy: escaping, a copy was allocated per sentence
		if s.Ctx == prose.CtxCode || !has(s) {
			continue
		}
		for i := range delegatePhrases {
			if !cand[i][s.SegIndex] {
				continue
			}
			ph := &delegatePhrases[i]
			m := ph.Find(s.Text)
			if m == nil || !delegateInstruction(s, ph, m) {
				continue
			}
			sev, why := delegateSeverity(p, d, s, ph, m)
			if sev == analyzer.SevNone {
				break
			}
			sev, ex := prose.SentenceSeverity(sev, s, m[0], d.Teaching)
			rs, re := s.Seg.N.Orig(s.I, s.J)
			rep.Report(analyzer.Diagnostic{Start: rs, End: re, Severity: sev,
				Message: fmt.Sprintf("%s: %q (%s)%s", ph.Label, match.Clip(s.Text[m[0]:m[1]], 80), why, ex)})
			break
		}
	}
	return nil
}

// delegateInstruction reports whether the match m of ph in s tells the
// reader to run a command from elsewhere.
func delegateInstruction(s *prose.Sentence, ph *delegatePhrase, m []int) bool {
	t := s.Text
	if prose.Negated(t, m[0]) || prose.InstructionRole(s, m[0], m[0]+1) != prose.RoleInstruction {
		return false
	}
	if ph.needsTerminal && !dcTerminalRx.MatchString(t) {
		return false
	}
	if dcCodeNounRx.MatchString(t[m[0]:m[1]]) {
		// "enter the code shown on the page" is a sign-in or pairing
		// code unless it is run in a terminal
		if dcAuthCodeRx.MatchString(t[m[0]:m[1]]) || !dcTerminalRx.MatchString(t) || !dcRunVerbRx.MatchString(t[m[0]:m[1]]) {
			return false
		}
	}
	if ph.needsCtx != nil && !ph.needsCtx.MatchString(s.Seg.N.Text) {
		return false
	}
	if ph.Label == "command taken from a visited page" {
		// what is visited must be a page, not a notebook or a file
		k := strings.Index(t[m[0]:m[1]], " and ")
		if k < 0 {
			k = m[1] - m[0]
		}
		if !dcVisitedPageRx.MatchString(t[m[0] : m[0]+k]) {
			return false
		}
	}
	return true
}

// delegateSeverity grades a delegated command by where it comes from.
func delegateSeverity(p *analyzer.Pass, d *prose.Doc, s *prose.Sentence, ph *delegatePhrase, m []int) (analyzer.Severity, string) {
	pl := prose.SkillPayload(p)
	if !pl.Found() && (prose.ReportedSpeech(s.Seg.N.Text, s.I+m[0]) || d.AvoidHeading(s.SegIndex) != "" || prose.Mentioned(s.Text, m[0], m[1])) {
		return analyzer.SevNone, "" // a lure quoted in security advice
	}
	if ph.src == delegateClipboard {
		return High, "the command is not in the skill: whatever a page put on the clipboard runs"
	}
	where := "the command is not in the skill"
	// a personalised command on the user's own account page at the
	// vendor the skill is written for ("copy the authtoken command from
	// your dashboard") is how many services hand out CLI set-up
	own := dcAccountRx.MatchString(s.Seg.N.Text)
	if dcWindowRx.MatchString(s.Text[m[0]:m[1]]) && !strings.Contains(s.Text, "http") {
		// an installer window or dialog: links elsewhere in the section
		// are not where the command comes from
		where += "; a program's window shows it"
	} else {
		host, untrusted, vendor := delegateHost(p, d, s)
		switch {
		case untrusted != "":
			return Critical, "the page is on " + host + " (" + untrusted + ")"
		case vendor:
			return analyzer.SevNone, ""
		case host != "":
			where += "; the page is on " + host
			own = own || hostfacts.Of(p.Skill).Named(host)
		}
	}
	switch {
	case pl.Found():
		return High, where + "; the skill has the reader download a program, " + pl.Describe()
	case dcTerminalRx.MatchString(s.Text) && !own:
		return High, where + "; it goes into a terminal"
	}
	return Medium, where
}

// delegateHost finds the page the command comes from: a link in the
// sentence, else in its paragraph, else earlier in its section. untrusted
// says why the page's host is not to be trusted (a paste site, a
// look-alike release page); vendor is set when every link found is an
// official install page.
func delegateHost(p *analyzer.Pass, d *prose.Doc, s *prose.Sentence) (host, untrusted string, vendor bool) {
	rs, re := s.Seg.N.Orig(s.I, s.J)
	texts := []string{string(d.Src[rs:re]), string(d.Src[s.Seg.Start:s.Seg.End])}
	for k := s.SegIndex - 1; k >= 0 && k >= s.SegIndex-6; k-- {
		g := &d.Segments[k]
		if g.Kind == markdown.Heading {
			break
		}
		texts = append(texts, string(d.Src[g.Start:g.End]))
	}
	for _, t := range texts {
		urls := intel.URLRx.FindAllString(t, 8)
		if len(urls) == 0 {
			continue
		}
		for _, u := range urls {
			h, c := intel.URLClass(u)
			switch {
			case c == intel.HostLoopback || c == intel.HostPrivate || p.Config.HostAllowed(h):
			case c.Suspicious():
				return h, c.String(), false
			case intel.LookalikeRelease(u):
				return h, "look-alike release page", false
			case !intel.VendorPageHost(h) && !intel.VendorDownload(u) && host == "":
				host = h
			}
		}
		return host, "", host == ""
	}
	return "", "", false
}
