package rules

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/skill"
)

// SecurityPromptBypass reports prose that walks the reader or the agent
// through an operating-system security control: Gatekeeper, SmartScreen
// or antivirus warnings clicked through or switched off, and privacy
// permissions or the administrator password handed to a downloaded helper.
var SecurityPromptBypass = register(&analyzer.Rule{
	ID:       "SV506",
	Name:     "security-prompt-bypass",
	Title:    "Instruction to click through Gatekeeper, SmartScreen or antivirus, or to hand a downloaded helper privacy access or the password",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "social-engineering", "CWE-693", "CWE-1021"},
	Inputs:   analyzer.InMarkdown,
	Keywords: []string{"anyway", "gatekeeper", "anywhere", "quarantine", "smartscreen", "defender", "antivirus", "anti-virus",
		"anti-malware", "exclusion", "exception", "whitelist", "allowlist", "allow-list", "real-time", "realtime", "tamper protection",
		"xprotect", "endpoint protection", "security software", "full disk", "accessibility", "screen recording",
		"input monitoring", "automation", "developer tools", "files and folders", "camera access", "microphone access",
		"password", "passcode", "click"},
	Doc: `Finds instructions — to the user or to the agent — that get a program past the operating
system's security controls, the step install lures need once the reader has downloaded their
payload and that carries no command for a scanner to see:

| control | wording |
|---|---|
| Gatekeeper | *click Open Anyway*, *right-click the app → Open to bypass the warning*, *disable Gatekeeper*, *allow apps from anywhere*, *remove the quarantine attribute* |
| SmartScreen, browser | *click More info → Run anyway*, *turn off SmartScreen*, *click Keep anyway* |
| antivirus | *add an exclusion in Defender for the folder*, *whitelist it in your antivirus*, *turn off real-time protection*, *allow it on device* |
| privacy permissions | *grant HelperAgent Full Disk Access / Accessibility / Screen Recording / Input Monitoring*, *System Settings → Privacy & Security → Full Disk Access → enable …* |
| administrator password | *type your login password in the dialog that appears*, *the helper asks for your password — enter it* |

Only instructions count: each match's clause gets a role (facts/prose ClauseRole), and a
description (*macOS may ask for Accessibility permission*, *users can override it by clicking
Open Anyway*), a prohibition (*never disable Gatekeeper*), a question or a catalogue row is not
reported, nor is a lure reported as what attackers say (*scammers tell victims to click Open
Anyway*).

Severity follows the chain **obtain → bypass**: the skill has its reader download a program
(a direct link to an installer, disk image, executable or archive, or a link in a line that
says to download a helper or app, anywhere in the skill) from a host that is not a package
registry or a vendor's release server (facts/prose SkillPayload):

- a warning clicked through or a protection switched off for such a download: **high** (a
  signed, notarised program needs none of it); the same instruction with nothing downloaded:
  **medium**;
- privacy access or the password given to such a download: **high** when the source is
  untrusted (paste site, file drop, tunnel, raw IP, look-alike release page, plain http), when
  the skill admits the program is unsigned (in the section that links the download, or in the
  section of the instruction itself: a manual's "signed or unsigned request" chapters away is
  about something else) or when it also has a warning clicked through;
  **medium** for a download from an unknown host; a grant to a named app with nothing
  downloaded is what every automation app's docs say and is not reported, except Full Disk
  Access or Accessibility for the terminal, an interpreter or the agent itself (everything the
  skill runs inherits it): **medium**.

In a security-teaching skill findings are low, and a lure without a download is not reported
when it is quoted or cited, or listed in a section headed as warning signs or scams (*Red
flags*, *Common lures*). Commands
(` + "`xattr -d com.apple.quarantine`" + `, ` + "`spctl --master-disable`" + `) are SV123's.

**Fix:** ship signed, notarised programs through a package manager or the vendor's release
page; let the operating system ask for permissions and say why they are needed.

Bad:

` + "```markdown" + `
1. Download https://dl.helper.example/HelperAgent.dmg and drag it to Applications.
2. If macOS says the developer cannot be verified, right-click the app → Open.
3. Grant HelperAgent Full Disk Access in System Settings → Privacy & Security.
` + "```" + `

Good:

` + "```markdown" + `
Install with ` + "`brew install --cask acme`" + `. macOS may ask you to allow Acme to control your
computer (Accessibility); Acme uses it only to move windows.
` + "```",
	Run: runSecurityPromptBypass,
})

// bypassKind tells a protection switched off from an access granted.
type bypassKind uint8

const (
	bypassWarning bypassKind = iota // a warning clicked through or a protection switched off
	bypassGrant                     // privacy access or the password handed over
)

type bypassPhrase struct {
	prose.Phrase
	kind bypassKind
	// ctx, when set, must match the sentence or its paragraph: the words
	// that make an ordinary click a security decision.
	ctx *match.Rx
	// ctxPrev: the context may also sit in the paragraph before (the
	// list step that shows the warning).
	ctxPrev bool
	// verbAt, when set, finds the verb of the instruction inside the
	// match, whose role is judged instead of the match start's.
	verbAt *match.Rx
}

var (
	bpGatekeeperCtx = match.MustRx(`\b(?:gatekeeper|warning|warns|bypass|unidentified|(?:cannot|can't|can not|could not) be (?:opened|verified|checked)|damaged|not verified|malicious software|malware|blocked|blocks|unsigned|notari[sz]|first time|anyway|security|unverified|apple could not)\b`)
	bpAnywhereCtx   = match.MustRx(`\b(?:allow (?:apps|applications)|downloaded from|gatekeeper|security|anywhere option)\b`)
	bpAVCtx         = match.MustRx(`\b(?:defender|antivirus|anti-virus|anti-malware|av|windows security|virus|malware|real-?time protection|xprotect|edr|endpoint protection|security software|smartscreen|threat protection|quarantine)\b`)
	// bpPasswordCtx: the password is the computer's, typed into a system
	// or installer prompt.
	bpPasswordCtx = match.MustRx(`\b(?:mac|macos|login|admin|administrator|computer|system|sudo|root|device|windows|local|keychain|dialog|prompt|prompted|pop-?up|window|when asked|asks|installer|terminal|to (?:continue|finish|complete|install|authori[sz]e|allow|approve))\b`)
	bpTCCCtx      = match.MustRx(`\b(?:privacy|system settings|system preferences|tcc|permissions?)\b`)
	// bpEnableRx: the verb that switches the permission on after the
	// settings pane is named.
	bpEnableRx = match.MustRx(`\b(?:enable|add|toggle on|toggle|turn on|switch on|check|tick|allow|grant|drag)\b|\+`)
	// bpEnterItRx: the verb of "… asks for your password — enter it".
	bpEnterItRx = match.MustRx(`\b(?:enter|type|provide|input)\s+it$`)
	// bpBroadRx: a grantee through which everything the skill runs gets
	// the access.
	bpBroadRx = match.MustRx(`\b(?:terminal|iterm2?|warp|ghostty|alacritty|kitty|wezterm|bash|zsh|/bin/(?:ba|z)?sh|python3?|node|osascript|claude(?: code| desktop)?|cursor|vs ?code|visual studio code|windsurf|codex|the agent|your agent)\b`)
	// bpA11yNounRx: "accessibility" as a property of content (web
	// accessibility), not the macOS permission.
	bpA11yNounRx = match.MustRx(`^\s*(?:features?|checks?|audits?|issues?|testing|tests|tree|labels?|api|support|guidelines|standards|options|settings for|mode|inspector|review|score)\b`)
	// bpNotAVRx: an exception in code, not in the antivirus.
	bpNotAVRx = match.MustRx(`^\s*(?:handling|handlers?|class(?:es)?|types?|for (?:errors?|timeouts?|failures?))\b`)
	// bpCloudDefenderRx: Microsoft Defender for Cloud and its plans are
	// cloud posture settings, not the machine's antivirus.
	bpCloudDefenderRx = match.MustRx(`^\s*for\s+(?:cloud|storage|sql|servers|containers|app service|key vault|resource manager|dns|apis|devops|identity|office|cloud apps|databases)\b`)
	// bpOpenWithRx: "right-click → Open With …" opens a file in an app.
	bpOpenWithRx = match.MustRx(`^\s*(?:with|in|as|a|the|new|recent|file|folder|link)\b`)
)

var bypassPhrases = []bypassPhrase{
	{Phrase: prose.NewPhrase(High, "Gatekeeper warning clicked through", `\b(?:click|press|select|choose|hit|tap|use)\s+(?:on\s+)?(?:the\s+)?"?(?:open|allow) anyway\b`)},
	{Phrase: prose.NewPhrase(High, "Gatekeeper bypassed with right-click Open", `\b(?:right|control|ctrl|ctl|two[- ]finger)[- ]?click\s+(?:\S+\s+){0,6}?(?:(?:and\s+)?(?:then\s+)?(?:choose|select|click|pick|hit)\s+(?:on\s+)?|(?:→|->|>|›)\s*(?:then\s+)?(?:choose\s+|select\s+|click\s+)?)"?open\b`), ctx: bpGatekeeperCtx, ctxPrev: true},
	{Phrase: prose.NewPhrase(High, "Gatekeeper bypassed with right-click Open", `\bhold\s+(?:down\s+)?(?:the\s+)?(?:control|ctrl|ctl)(?:\s+key)?\s*,?\s*(?:and\s+|while\s+you\s+)?click\s+(?:\S+\s+){0,4}?(?:then\s+)?(?:choose|select|pick|click)\s+"?open\b`), ctx: bpGatekeeperCtx, ctxPrev: true},
	{Phrase: prose.NewPhrase(High, "protection switched off", `\b(?:turn|switch|shut)\s+(?:the\s+|your\s+|macos(?:'s)?\s+)?(?:gatekeeper|smartscreen|(?:windows\s+|microsoft\s+)?defender|real-?time protection|antivirus|anti-virus|xprotect|tamper protection)\s+off\b|\b(?:make sure|ensure|check that|verify that|confirm that)\s+(?:that\s+)?(?:the\s+|your\s+)?(?:gatekeeper|smartscreen|(?:windows\s+|microsoft\s+)?defender|real-?time protection|antivirus|anti-virus|xprotect|tamper protection)\s+(?:is|are)\s+(?:disabled|off|turned off|switched off|not running|inactive|paused)\b`)},
	{Phrase: prose.NewPhrase(High, "Gatekeeper switched off", `\b(?:disable|turn off|deactivate|bypass|circumvent|get around|get past|switch off|override|defeat|skip)\s+(?:the\s+|macos(?:'s)?\s+|apple(?:'s)?\s+|your\s+|mac(?:'s)?\s+)?gatekeeper\b`)},
	{Phrase: prose.NewPhrase(High, "apps allowed from anywhere", `\ballow\s+(?:apps?|applications|software|programs)\s+(?:downloaded\s+)?from\s+"?anywhere\b`)},
	{Phrase: prose.NewPhrase(High, "apps allowed from anywhere", `\b(?:set|switch|change)\s+(?:\S+\s+){0,6}?to\s+"?anywhere\b|\b(?:select|choose|pick|enable|tick|check)\s+(?:the\s+)?"?anywhere\b`), ctx: bpAnywhereCtx},
	{Phrase: prose.NewPhrase(High, "quarantine attribute removed", `\b(?:remove|strip|clear|delete|drop)\s+(?:the\s+)?(?:macos\s+)?(?:com\.apple\.)?quarantine\s+(?:attribute|flag|xattr|bit|extended attribute)s?\b`)},
	{Phrase: prose.NewPhrase(High, "SmartScreen warning clicked through", `\b(?:click|press|select|choose|hit|tap|use)\s+(?:on\s+)?"?(?:more info\b[^.;|]{0,40}?)?run anyway\b`)},
	{Phrase: prose.NewPhrase(High, "SmartScreen switched off", `\b(?:disable|turn off|switch off|deactivate|bypass|circumvent|ignore|dismiss|skip)\s+(?:the\s+)?(?:windows\s+|microsoft\s+|defender\s+)*smartscreen\b`)},
	{Phrase: prose.NewPhrase(High, "download warning clicked through", `\b(?:click|press|select|choose|hit|tap)\s+(?:on\s+)?"?keep anyway\b`)},
	{Phrase: prose.NewPhrase(High, "antivirus exclusion added", `\b(?:add|create|set up|configure|make)\s+(?:an?\s+|the\s+)?(?:\S+\s+){0,4}?(?:exclusions?|exceptions?)\b|\badd\s+(?:\S+\s+){0,6}?to\s+(?:the\s+|your\s+)?(?:\S+\s+){0,3}?(?:exclusions?|exclusion list|allow ?list|whitelist|exceptions)\b|\b(?:restore|allow)\s+(?:\S+\s+){0,4}?(?:from quarantine|on (?:this |your |the )?(?:device|pc|computer))\b`), ctx: bpAVCtx},
	{Phrase: prose.NewPhrase(High, "antivirus exclusion added", `\b(?:exclude|whitelist|allowlist|allow-list)\s+(?:\S+\s+){0,6}?(?:from|in)\s+(?:\S+\s+){0,3}?(?:defender|antivirus|anti-virus|anti-malware|av|windows security|virus scan\w*|scanning|scans|real-?time protection|xprotect|edr|endpoint protection|security software)\b`)},
	{Phrase: prose.NewPhrase(High, "antivirus switched off", `\b(?:disable|turn off|switch off|deactivate|pause|stop|uninstall|exit|quit|suspend)\s+(?:\S+\s+){0,3}?(?:antivirus|anti-virus|anti-malware|windows defender|microsoft defender|defender|real-?time protection|tamper protection|virus (?:and|&) threat protection|windows security|xprotect|av software|security software|endpoint protection|edr)\b`)},
	{Phrase: prose.NewPhrase(High, "privacy permission granted", `\b(?:grant|give|allow|enable|add|approve|turn on|toggle on|switch on|tick)\s+(?:\S+\s+){0,5}?(?:full disk access|accessibility(?:\s+(?:access|permissions?|control))?|screen recording|screen (?:&|and) system audio recording|input monitoring|automation (?:access|permissions?)|developer tools access|camera access|microphone access|files and folders access)\b`), kind: bypassGrant},
	{Phrase: prose.NewPhrase(High, "privacy permission granted", `\b(?:privacy\s*(?:&|and)\s*security|security\s*(?:&|and)\s*privacy)\s*(?:→|->|>|›|,|/|:)\s*(?:privacy\s*(?:→|->|>|›|,|/|:)\s*)?(?:full disk access|accessibility|screen recording|screen (?:&|and) system audio recording|input monitoring|automation|developer tools)\b`), kind: bypassGrant, verbAt: bpEnableRx},
	{Phrase: prose.NewPhrase(High, "password typed for it", `\b(?:type|enter|input|provide|put|supply|fill in)\s+(?:in\s+)?(?:your|their|the)\s+(?:(?:mac|macos|mac os|login|admin|administrator|user|account|computer|system|sudo|root|device|windows|local|keychain)\s+){0,2}(?:password|passcode|pin)\b`), kind: bypassGrant, ctx: bpPasswordCtx},
	{Phrase: prose.NewPhrase(High, "password typed for it", `\b(?:asks?|prompts?|requests?)\s+(?:you\s+)?for\s+(?:your|an?|the)\s+(?:\w+\s+){0,2}?password\b[^.!?|]{0,40}?\b(?:enter|type|provide|input)\s+it\b`), kind: bypassGrant, verbAt: bpEnterItRx},
}

var bypassLits = func() []string {
	var l []string
	for i := range bypassPhrases {
		l = append(l, bypassPhrases[i].Lits...)
	}
	return match.Registered(l)
}()

type bypassHit struct {
	s     prose.Sentence
	ph    *bypassPhrase
	m     []int // match in s.Text
	broad bool  // a grant to the terminal, an interpreter or the agent
}

func runSecurityPromptBypass(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := prose.Of(p)
	if err != nil {
		return err
	}
	has := d.SentenceFilter(bypassLits)
	// the segments where each phrase's literal gate holds, from the
	// literal index: most sentences are never matched at all
	cand := make([][]bool, len(bypassPhrases))
	for i := range bypassPhrases {
		cand[i] = d.GateCandidates(bypassPhrases[i].Gate, d.Candidates(bypassPhrases[i].Lits))
	}
	var hits []bypassHit
	warning := false
	sents := d.Sentences()
	for sk := range sents {
		s := &sents[sk] // not a copy: escaping, a copy was allocated per sentence
		if s.Ctx == prose.CtxCode || !has(s) {
			continue
		}
		prev := ""
		if s.SegIndex > 0 {
			prev = d.Segments[s.SegIndex-1].N.Text
		}
		for i := range bypassPhrases {
			if !cand[i][s.SegIndex] {
				continue
			}
			ph := &bypassPhrases[i]
			m := ph.Find(s.Text)
			if m == nil || !bypassInstruction(s, ph, m, prev) {
				continue
			}
			h := bypassHit{s: *s, ph: ph, m: m}
			if ph.kind == bypassGrant && ph.Label == "privacy permission granted" {
				h.broad = bpBroadRx.MatchString(s.Text)
			}
			warning = warning || ph.kind == bypassWarning
			hits = append(hits, h)
			break
		}
	}
	if len(hits) == 0 {
		return nil
	}
	pl := prose.SkillPayload(p)
	for _, h := range hits {
		s := &h.s
		sev, why := analyzer.SevNone, ""
		// an admission in the hit's own section is about the program the
		// passage has the reader trust, wherever the download is
		near := ""
		if pl.Found() && pl.Unsigned == "" && p.File.Kind == skill.KindMarkdown {
			hs, _ := s.Seg.N.Orig(s.I, s.J)
			a, b := prose.SectionAround(string(p.File.Content), hs)
			near = prose.UnsignedAdmission(string(p.File.Content[a:b]))
		}
		switch {
		case h.ph.kind == bypassWarning && pl.Found():
			sev, why = High, "for a program the skill has the reader download: "+pl.Describe()
		case h.ph.kind == bypassWarning:
			sev, why = Medium, "no download in the skill"
		case pl.Untrusted != "" || pl.Found() && (pl.Unsigned != "" || near != "" || warning):
			sev, why = High, "for a program the skill has the reader download: "+pl.Describe()
			switch {
			case pl.Untrusted != "" || pl.Unsigned != "":
			case near != "":
				why += `, which the passage calls "` + near + `"`
			case warning:
				why += ", after a security warning is clicked through"
			}
		case pl.Found():
			sev, why = Medium, "for a program the skill has the reader download: "+pl.Describe()
		case h.broad:
			sev, why = Medium, "everything run from "+bpBroadRx.FindString(s.Text)+" inherits it"
		}
		if sev == analyzer.SevNone {
			continue
		}
		if !pl.Found() {
			// a lure quoted or named in security advice, without anything
			// to run
			if prose.ReportedSpeech(s.Seg.N.Text, s.I+h.m[0]) || prose.Mentioned(s.Text, h.m[0], h.m[1]) {
				continue
			}
			if hd := d.AvoidHeading(s.SegIndex); hd != "" {
				continue
			}
		}
		sev, ex := prose.SentenceSeverity(sev, s, h.m[0], d.Teaching)
		rs, re := s.Seg.N.Orig(s.I, s.J)
		rep.Report(analyzer.Diagnostic{Start: rs, End: re, Severity: sev,
			Message: fmt.Sprintf("%s: %q (%s)%s", h.ph.Label, match.Clip(s.Text[h.m[0]:h.m[1]], 80), why, ex)})
	}
	return nil
}

// bypassInstruction reports whether the match m of ph in s is an
// instruction to do it: not negated, addressed to the reader (not a
// description, prohibition, question or catalogue row), and in the
// context that makes it a security decision (in the sentence, its
// paragraph or the paragraph before, prev: the step before a list item).
func bypassInstruction(s *prose.Sentence, ph *bypassPhrase, m []int, prev string) bool {
	t := s.Text
	if prose.Negated(t, m[0]) {
		return false
	}
	if ph.ctx != nil && !ph.ctx.MatchString(t) && !ph.ctx.MatchString(s.Seg.N.Text) && !(ph.ctxPrev && ph.ctx.MatchString(prev)) {
		return false
	}
	rest := t[m[1]:]
	switch ph.Label {
	case "Gatekeeper bypassed with right-click Open":
		if bpOpenWithRx.MatchString(rest) {
			return false
		}
	case "antivirus exclusion added":
		if bpNotAVRx.MatchString(rest) {
			return false
		}
	case "antivirus switched off":
		if bpCloudDefenderRx.MatchString(rest) {
			return false
		}
	case "privacy permission granted":
		matched := t[m[0]:m[1]]
		if len(matched) >= 13 && matched[len(matched)-13:] == "accessibility" {
			// bare "accessibility": the macOS permission only in its
			// settings' words, not web accessibility
			if bpA11yNounRx.MatchString(rest) || !bpTCCCtx.MatchString(t) {
				return false
			}
		}
	}
	i, j := m[0], m[1]
	if ph.verbAt != nil {
		if ph.Label == "privacy permission granted" {
			// "… → Full Disk Access and enable HelperAgent", "drag it
			// into the list under … → Full Disk Access"
			if v := bpEnableRx.FindStringIndex(rest); v != nil {
				i, j = m[1]+v[0], m[1]+v[1]
			} else if v := bpEnableRx.FindStringIndex(t[:m[0]]); v != nil {
				i, j = v[0], v[1]
			} else {
				return false
			}
		} else if v := ph.verbAt.FindStringIndex(t[m[0]:m[1]]); v != nil {
			i, j = m[0]+v[0], m[0]+v[1]
		}
	}
	return prose.InstructionRole(s, i, j) == prose.RoleInstruction
}
