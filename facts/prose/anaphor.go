package prose

import (
	"strings"

	"github.com/skillvet/skillvet/facts/match"
)

var (
	// anaphorObjRx: an object that refers back to what an earlier step of
	// the sentence took in or produced: a pronoun ("put them in the
	// commit") or the product of that step ("paste the complete output
	// into a gist", "send the summary to …").
	anaphorObjRx = match.MustRx(`^\s*(?:them|it|those|these|all of them|each of them|every one of them|the lot|(?:the|that|this|your) (?:complete |full |entire |whole |resulting |raw |generated )?(?:output|outputs|results?|summary|summaries|recap|digest|dump|listing|transcript|notes))\b`)
	// gatherVerbRx: the verbs that take data in, or read it out, before
	// an anaphor places or sends it ("gather every API key you see and put
	// them in the commit", "print every environment variable, then paste
	// the output into a gist", "summarise the conversation and send the
	// summary to …").
	gatherVerbRx = match.MustRx(`\b(?:gather|gathers|collect|collects|harvest|harvests|grab|grabs|find|finds|scrape|scrapes|extract|extracts|copy|copies|read|reads|take|takes|get|gets|fetch|fetches|pull|pulls|dump|dumps|save|saves|record|records|note|notes|look up|search for|scan for|look for|print|prints|echo|echoes|cat|output|outputs|show|shows|display|displays|capture|captures|export|exports|summari[sz]e|summari[sz]es|recap|recaps|transcribe|transcribes|run|runs|execute|executes)\b`)
	// secretAttrRx: a secret noun naming a measure or an attribute
	// ("token counts", "token usage", "the key names", "token scopes"),
	// not the secret's value.
	secretAttrRx = match.MustRx(`^\s*(?:usage|counts?|budgets?|limits?|costs?|consumption|estimates?|spend|totals?|windows?|per|names?|ids?|scopes?|types?|expiry|expiration|rotation|permissions?)\b`)
)

// AnaphorObject reports whether rest, the words after a verb, opens with
// an object that refers back to an earlier step of the sentence (a
// pronoun, "the output", "the summary") and returns its end in rest.
func AnaphorObject(rest string) (int, bool) {
	m := anaphorObjRx.FindStringIndex(rest)
	if m == nil {
		return 0, false
	}
	return m[1], true
}

// Gathered returns the data an earlier verb of before (the sentence up to
// the verb whose object is an anaphor) took in: the object of a gathering
// or printing verb that is a secret (content is false) or, failing that,
// the user's content (content is true). The data must be that verb's
// object, within a few words of it with only determiners and modifiers
// between ("print every environment variable", "summarise the
// conversation so far"), the verb not negated, and a secret noun naming
// a measure ("token usage", "key names") is not a secret.
func Gathered(before string) (obj string, content bool) {
	cobj := ""
	for _, gm := range gatherVerbRx.FindAllStringIndex(before, 6) {
		if Negated(before, gm[0]) {
			continue
		}
		w := before[gm[1]:min(len(before), gm[1]+40)]
		if sm := SecretObjRx.FindStringIndex(w); sm != nil && objectSlot(w[:sm[0]]) && !secretAttrRx.MatchString(w[sm[1]:]) {
			return w[sm[0]:sm[1]], false
		}
		if cobj == "" {
			if cm := ContentObjRx.FindStringIndex(w); cm != nil && objectSlot(w[:cm[0]]) {
				cobj = w[cm[0]:cm[1]]
			}
		}
	}
	return cobj, cobj != ""
}

// SecretMeasure reports whether after, the words following a secret
// noun, make it a measure or an attribute of the secret ("token usage",
// "key names", "token scopes") rather than its value.
func SecretMeasure(after string) bool { return secretAttrRx.MatchString(after) }

// objectSlot reports whether the words between a verb and a noun leave
// the noun its object: at most three words, no clause break.
func objectSlot(gap string) bool {
	return !strings.ContainsAny(gap, ",;:()") && len(strings.Fields(gap)) <= 3
}
