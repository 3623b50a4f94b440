package prose

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// Facts for the install-lure rules (SV506, SV507): what a skill has its
// reader download, and wording that reports or warns about a lure instead
// of making one.

// Payload is a program the skill has its reader obtain from outside a
// package registry or a vendor's release server: a direct link to an
// installer, disk image, executable or archive, or a link in a line that
// says to download or install a helper, agent or app.
type Payload struct {
	URL  string // the link; "" when the skill obtains nothing
	Host string
	File string // the skill file that holds the link
	// Untrusted says why the source is not to be trusted ("paste site",
	// "look-alike release page", "plain http"), "" when it is merely
	// unknown.
	Untrusted string
	// Unsigned is the skill's own admission that what it ships is not
	// signed or verified ("unsigned", "unidentified developer", "false
	// positive"), "" when it admits nothing: for a link in Markdown, in
	// the section that links it (a vendor manual's "signed or unsigned
	// request" chapters away is about something else); for a link in a
	// script, anywhere in the skill's Markdown.
	Unsigned string
	// markdown: the link is in a Markdown file (its admission is looked
	// for in the link's section).
	markdown bool
}

// Found reports whether the skill obtains a payload.
func (pl *Payload) Found() bool { return pl.URL != "" }

// Describe names the payload for messages.
func (pl *Payload) Describe() string {
	if !pl.Found() {
		return "no download in the skill"
	}
	s := "downloaded from " + match.Clip(pl.URL, 80)
	if pl.Untrusted != "" {
		s += " (" + pl.Untrusted + ")"
	}
	if pl.Unsigned != "" {
		s += `, which the skill calls "` + pl.Unsigned + `"`
	}
	return s
}

var (
	// obtainLineRx: a line that has the reader download or install a
	// program (the link may point at a page rather than a file).
	obtainLineRx = match.MustRx(`(?i)(?:^|[\s>*_(\["'])(?:download|downloads|install|installs|get|grab|fetch)\s[^\n]{0,100}?[\s*_"'(](?:installers?|helpers?|agents?|apps?|application|tools?|binar(?:y|ies)|client|daemon|launcher|plugin|extension|driver|updater|setup|companion|bridge|connector|runtime|packages?|dmg|pkg|exe|msi)\b`)
	// unsignedRx: the skill admits that its program is unsigned or will
	// be flagged.
	unsignedRx  = match.MustRx(`(?i)\b(?:unsigned|not (?:yet )?(?:code[- ])?signed|isn'?t (?:yet )?(?:code[- ])?signed|not (?:yet )?notari[sz]ed|isn'?t (?:yet )?notari[sz]ed|unidentified developer|(?:developer|app|publisher) (?:cannot|can'?t|could not) be verified|unknown publisher|false positive)`)
	payloadLits = match.Registered([]string{"http"})
)

type payloadKey struct{}

// SkillPayload returns the payload the pass's skill has its reader obtain
// (the first untrusted one, else the first), looking through every text
// file of the skill: the download is often in SKILL.md and the warning
// to click through in a reference file, or the other way round.
func SkillPayload(p *analyzer.Pass) *Payload {
	v, _ := p.Skill.Memo(payloadKey{}, func() (any, error) { return skillPayload(p.Skill), nil })
	if pl, ok := v.(*Payload); ok {
		return pl
	}
	return &Payload{}
}

func skillPayload(s *skill.Skill) *Payload {
	var first, untrusted, admitted *Payload
	unsigned := "" // the first admission anywhere in the skill's Markdown
	for _, f := range s.Files {
		if !f.Kind.IsText() {
			continue
		}
		text := string(f.Content)
		if unsigned == "" && f.Kind == skill.KindMarkdown {
			unsigned = unsignedRx.FindString(text)
		}
		if !match.ContainsAnyLit(strings.ToLower(text), payloadLits) {
			continue
		}
		for _, loc := range intel.URLRx.FindAllStringIndex(text, -1) {
			u := strings.TrimRight(text[loc[0]:loc[1]], ".,;:!?*_")
			h, c := intel.URLClass(u)
			if h == "" || c == intel.HostLoopback || c == intel.HostPrivate {
				continue
			}
			why := ""
			switch {
			case c.Suspicious():
				why = c.String()
			case intel.LookalikeRelease(u):
				why = "look-alike release page"
			case intel.ProgramURL(u) && strings.HasPrefix(strings.ToLower(u), "http://"):
				why = "plain http"
			}
			if why == "" && (intel.VendorDownload(u) || intel.VendorPageHost(h)) {
				continue
			}
			if !intel.ProgramURL(u) && !(f.Kind == skill.KindMarkdown && obtainLineRx.MatchString(intel.URLRx.ReplaceAllString(lineAround(text, loc[0]), " "))) {
				continue
			}
			pl := &Payload{URL: u, Host: h, File: f.Path, Untrusted: why, markdown: f.Kind == skill.KindMarkdown}
			if pl.markdown {
				// the admission must be about this download: in the
				// section of the document that links it
				a, b := SectionAround(text, loc[0])
				pl.Unsigned = unsignedRx.FindString(text[a:b])
			}
			if first == nil {
				first = pl
			}
			if why != "" && untrusted == nil {
				untrusted = pl
			}
			if pl.Unsigned != "" && admitted == nil {
				admitted = pl
			}
		}
	}
	pl := first
	switch {
	case untrusted != nil:
		pl = untrusted
	case admitted != nil:
		pl = admitted
	}
	if pl == nil {
		return &Payload{}
	}
	if !pl.markdown {
		// a link in a script: the skill's prose says what it is
		pl.Unsigned = unsigned
	}
	return pl
}

// UnsignedAdmission returns the words of text that admit a program is
// unsigned, not notarised or flagged ("unsigned", "unidentified
// developer", "false positive"), or "".
func UnsignedAdmission(text string) string { return unsignedRx.FindString(text) }

// headingLineRx: an ATX heading line of Markdown.
var headingLineRx = match.MustRx(`^ {0,3}#{1,6}(?:[ \t]|$)`)

// SectionAround returns the byte span of the Markdown section of text
// that holds offset i: from the heading before it (or the start) to the
// next heading (or the end). Lines inside fenced code blocks are not
// headings.
func SectionAround(text string, i int) (start, end int) {
	end = len(text)
	fence := ""
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		lo := off
		off += len(line)
		t := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		case strings.HasPrefix(t, "```"):
			fence = "```"
			continue
		case strings.HasPrefix(t, "~~~"):
			fence = "~~~"
			continue
		}
		if !headingLineRx.MatchString(line) {
			continue
		}
		if lo <= i {
			start = lo
		} else {
			return start, lo
		}
	}
	return start, end
}

// lineAround is the line of text holding offset i.
func lineAround(text string, i int) string {
	s := strings.LastIndexByte(text[:i], '\n') + 1
	e := strings.IndexByte(text[i:], '\n')
	if e < 0 {
		return text[s:]
	}
	return text[s : i+e]
}

// reportedRx: the words before a verb report what someone else tells
// people to do ("scammers tell victims to …", "being asked to …",
// "requests to …"): security advice quoting a lure, not the lure.
var reportedRx = match.MustRx(`\b(?:attackers?|scammers?|criminals?|fraudsters?|phishers?|malware|stealers?|infostealers?|campaigns?|lures?|threat actors?|adversar(?:y|ies)|crooks|fake (?:\w+\s+)?(?:installers?|sites?|pages?|prompts?|dialogs?|updates?|captchas?)|the (?:scam|lure|attack|fake \w+))\b[^.!?;|]{0,60}?\b(?:tells?|told|asks?|asked|instructs?|instructed|tricks?|tricked|lures?|lured|convinces?|convinced|persuades?|urges?|pressures?|wants?|gets?|coax(?:es)?|directs?)\s+(?:\S+\s+){0,3}?(?:to\s+|into\s+\S+ing\s+)$|\b(?:being|been|is|are|was|were|get|gets|got)\s+(?:told|asked|instructed|pressured|urged|tricked|prompted|directed)\s+to\s+$|\b(?:requests?|demands?|attempts?|pressure)\s+to\s+$`)

// ReportedSpeech reports whether the verb at i of normalised text t is
// reported as what an attacker tells people to do.
func ReportedSpeech(t string, i int) bool {
	return reportedRx.MatchString(t[max(0, i-160):i])
}

// avoidHeadingRx: a heading that frames its section as warning signs or
// attacks to recognise.
var avoidHeadingRx = match.MustRx(`\b(?:red flags?|warning signs?|scams?|lures?|phishing|social engineering|things to avoid|what not to do|never do|don'?t do|do not do|signs of|how attackers|attack(?:er)? techniques?|common attacks?|known attacks?|examples? of (?:malicious|attacks?|lures?|scams?)|malicious (?:skills?|instructions|patterns|examples))\b`)

// AvoidHeading returns the heading of the section holding segment si when
// it frames the section as warning signs, scams or attacks to recognise
// ("Red flags", "Common lures"), or "".
func (d *Doc) AvoidHeading(si int) string {
	for k := si; k >= 0; k-- {
		if seg := &d.Segments[k]; seg.Kind == markdown.Heading {
			if avoidHeadingRx.MatchString(seg.N.Text) {
				return seg.N.Text
			}
			return ""
		}
	}
	return ""
}

// causativeRx: a verb the reader is to have someone else carry out
// ("have the agent run …", "tell the user to type …").
var causativeRx = match.MustRx(`\b(?:have|let|make|get|ask|tell|instruct|direct|remind|help)\s+(?:(?:the|your)\s+(?:user|agent|assistant|human|reader|operator|customer)s?|them|him|her)\s+(?:to\s+)?$`)

// InstructionRole is VerbRole for the verb at [i, j) of s, except that a
// verb governed by a causative ("have the agent run …", "tell the user to
// click …") is judged at the causative verb, which is the instruction.
func InstructionRole(s *Sentence, i, j int) Role {
	pre := s.Text[max(0, i-60):i]
	if loc := causativeRx.FindStringIndex(pre); loc != nil {
		k := i - len(pre) + loc[0]
		return VerbRole(s, k, k+1)
	}
	return VerbRole(s, i, j)
}
