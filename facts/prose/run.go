package prose

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
)

// RunPhraseRule reports every phrase hit in the Markdown file outside HTML
// comments (SV308 judges those), graded by hitSeverity.
func RunPhraseRule(p *analyzer.Pass, phrases []Phrase) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := Of(p)
	if err != nil {
		return err
	}
	for _, h := range d.FindPhrases(phrases) {
		if h.Ctx == CtxComment {
			continue
		}
		if h.Phrase.Label == "no confirmation" {
			sent, pre := sentenceAround(h.Seg.N.Text, h.I, h.J)
			if !confirmActionRx.MatchString(sent) || SentenceNegationRx.MatchString(pre) {
				continue
			}
		}
		sev, why := hitSeverity(&h, d.Teaching)
		msg := fmt.Sprintf("%s: %q", h.Phrase.Label, match.Clip(h.Seg.N.Text[h.I:h.J], 80))
		if why != "" {
			msg += " (" + why + ")"
		}
		rep.Report(analyzer.Diagnostic{Start: h.Start, End: h.End, Severity: sev, Message: msg})
	}
	return nil
}

var (
	// confirmActionRx: "without asking" matters when it governs an action
	// with effects, not "respond without asking".
	confirmActionRx = regexp.MustCompile(`\b(?:run|execut|install|delet|remov|overwrit|send|upload|push|commit|deploy|modif|writ|download|pay|purchas|buy|transfer|merg|publish|post|email|shar|submit|drop|format|wip|kill|reset|rm|chmod|sudo|curl|wget|grant|approv|accept|sign|order)(?:s|es|ed|d|ing|e|y|ies|ied|ying)?\b`)
	// SentenceNegationRx matches a sentence that opens with a prohibition
	// ("do not", "never", "avoid").
	SentenceNegationRx = regexp.MustCompile(`^\s*(?:[-*]\s+)?(?:do not|don't|never|must not|should not|avoid)\b`)
)

// sentenceAround returns the sentence of t holding [i, j) and the part of
// it before i.
func sentenceAround(t string, i, j int) (string, string) {
	lo := i - 300
	if lo < 0 {
		lo = 0
	}
	s := lo + strings.LastIndexAny(t[lo:i], ".!?;:") + 1
	hi := j + 300
	if hi > len(t) {
		hi = len(t)
	}
	e := strings.IndexAny(t[j:hi], ".!?;")
	if e < 0 {
		e = hi
	} else {
		e += j
	}
	return t[s:e], t[s:i]
}
