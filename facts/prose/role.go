package prose

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"
)

// Role is the part a matched phrase plays in its sentence. Phrase rules
// report instructions; the same words in a description ("replacing would
// silently disable the feature"), a prohibition ("do not silently push"),
// a question ("did a fallback silently replace it?") or the definition of
// a flag in a table ("--yolo | auto-approve all tool calls") tell the agent
// to do nothing.
type Role int

const (
	// RoleInstruction: an imperative addressed to the agent, or a
	// statement of what "you" must, should or will do.
	RoleInstruction Role = iota
	// RoleProhibition: the clause forbids the action.
	RoleProhibition
	// RoleDescription: the clause has its own subject (a noun, a
	// pronoun, a relative "that/which"), a modal or auxiliary verb that
	// does not address the reader, or a past tense: it reports what
	// something does or would do.
	RoleDescription
	// RoleQuestion: the sentence asks.
	RoleQuestion
	// RoleDefinition: a table cell describing the flag or key named in
	// the row's first cell.
	RoleDefinition
	// RoleCondition: the clause states a condition ("unless approval was
	// already given", "if a new system prompt regresses").
	RoleCondition
	// RoleSplit: the match runs across a sentence, clause or table-cell
	// boundary, so its words do not belong together.
	RoleSplit
)

var roleNames = [...]string{"instruction", "prohibition", "description", "question", "definition", "condition", "split"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// clauseLead matches what may open an imperative clause before its verb: a
// list marker and words such as "then", "now", "also".
const clauseLead = `^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:(?:then|now|also|always|first|next|finally|just|simply|please|and|or|but|so|immediately|afterwards)\b\s*,?\s*)*`

var (
	// splitRx: boundaries no phrase may cross.
	splitRx = match.MustRx(`[.!?;:|]\s|\s[-–—]\s|[()\[\]]|\|`)
	// prohibitRx: a negator that governs what follows in its clause.
	prohibitRx = match.MustRx(`\b(?:not|never|no|nor|don't|dont|doesn't|won't|shouldn't|mustn't|cannot|can't|avoid|avoiding|without|instead of|rather than|refuse to|forbidden|prohibited)\b`)
	// addresseeRx: the clause addresses the reader or the agent.
	addresseeRx = match.MustRx(`\b(?:you|claude|the agent|the assistant|assistant|agent)\s+(?:\w+\s+)?(?:must|should|shall|will|need to|needs to|have to|has to|are to|is to|can|may|are required to|is required to|'ll)\b|\byou(?:'ll| will)\b|\b(?:please|make sure to|be sure to|remember to|always)\b`)
	// describeRx: a subject, modal, auxiliary, relative pronoun or past
	// tense before the action: the clause reports rather than commands.
	describeRx = match.MustRx(`\b(?:would|could|can|may|might|will|is|are|was|were|be|been|being|has|have|had|does|did|that|which|who|whose|whom|it|its|there|they|he|she|we|i|[a-z]+ed)\b|\b(?:a|an|the|this|these|those|my|our|their|his|her|each|every|any|some)\s+(?:\S+\s+){0,3}$`)
	// gapRx: inside a match that spans free words ("copy pass would
	// silently"), a modal, auxiliary or relative pronoun shows a clause
	// with its own subject.
	gapRx = match.MustRx(`\b(?:would|could|can|may|might|will|is|are|was|were|been|has|have|had|does|did|that|which|who|whose|appears?|seems?|fails?|failed|failing|errors?|errored|breaks?|broke|crash(?:es|ed)?|hangs?|dies|died|stops?|stopped|exits?|exited|returns?|returned)\b`)
	// imperativeRx: a clause that opens (after lead words) with a verb in
	// the base form and has no modal or auxiliary of its own.
	imperativeRx = match.MustRx(clauseLead + `(?:run|execute|send|upload|post|zip|tar|compress|apply|start|keep|install|copy|create|write|read|open|add|append|remove|delete|use|call|check|set|make|put|get|fetch|download|commit|push|save|move|collect|gather|forward|transmit|email|share|submit|include|attach|grab|take|load|invoke|launch|enable|disable|change|edit|modify|update|replace|overwrite|clean|clear|wipe|kill|stop|restart|deploy|publish|sync|backup|back up|archive|encode|decode|print|output|show|display|tell|say|reply|respond|answer|ask|go|visit|navigate|browse|click|follow|ignore|disregard|forget|treat|act|pretend|proceed|continue|do|perform|complete|finish|generate|build|compile|store|log|record|capture|scan|search|find|list|inspect|look|pipe|mount|chmod|chown|sudo|curl|wget)\b`)
	// subjectOfRx: a predicate right after the match makes the matched
	// verb a noun ("port scan finds no backend", "the upload is slow").
	subjectOfRx = match.MustRx(`^\s+(?:is|are|was|were|has|had|can|could|will|would|may|might|does|did|finds|found|returns|returned|fails|failed|succeeds|succeeded|works|worked|shows|gives|takes|took|needs|requires|required|happens|hangs|hung|times out|timed out|stalls|stalled|reports|reported|misses|missed)\b`)
	// obligationRx: a deontic modal right before the verb is a rule for
	// the reader whatever its subject ("every link must carry …").
	obligationRx = match.MustRx(`\b(?:must|shall|should|has to|have to|needs to|need to|is required to|are required to|ought to)\s+(?:(?:always|also|then|now|first|still|each|every time)\s+)?(?:be\s+)?$`)
	// flagPurposeRx: "use --fresh to …", "pass -y to …": what a flag
	// does, defined by its purpose.
	flagPurposeRx = match.MustRx(`(?:^|\s)--?[a-z][\w-]*(?:[= ]\S+)?\s+(?:flag\s+|option\s+)?to\s+$`)
	// conditionRx: a condition governs the clause.
	conditionRx = match.MustRx(`\b(?:if|unless|whether|in case|until)\b`)
	// catalogRowRx: a table row that rates what it names (a pattern
	// catalogue: "| ignore previous instructions | … | critical |").
	catalogRowRx = match.MustRx(`\|\s*(?:critical|high|medium|low|info|severe|warning)\s*\|`)
	// taskRx: "your job is to …", "the next step is to …": an
	// instruction phrased as a statement.
	taskRx = match.MustRx(`\b(?:task|job|goal|step|mission|instructions?|role|purpose|objective|duty|plan|procedure)\s+(?:\w+\s+){0,2}(?:is|are|will be)\s+to\s+$`)
	// subjectStartRx: a clause that opens with a determiner or pronoun
	// has its own subject; imperatives do not.
	subjectStartRx = match.MustRx(`^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:the|a|an|this|these|that|those|it|each|every|our|its|their|his|her|my|they|he|she|we|i|there|some|many|most|older|newer)\b`)
	// leadRx: words an imperative may begin with.
	leadRx = match.MustRx(clauseLead + `(?:(?:quietly|silently|secretly)\b\s*,?\s*)*$`)
	// listOrRx: a clause that continues a list ("do not scan, guess, or
	// silently change"), so the sentence's negator still governs it.
	listOrRx = match.MustRx(`^\s*(?:or|and|nor)\b`)
	// flagSubjectRx: a flag or setting right before the verb is its
	// subject ("--yolo/--approval-mode=yolo disable sandbox").
	flagSubjectRx = match.MustRx(`(?:^|\s)(?:--?[a-z][\w/=.:-]*|[\w.-]+=[\w.-]+|"[\w.-]+"\s*:\s*\S+)\s*$`)
	// flagCellRx: a table row whose first cell names a flag or key (the
	// match is in a later cell).
	flagCellRx = match.MustRx(`^\s*\|?\s*(?:-{1,2}[\w-]+|[\w.-]+\s*[:=]|"[^"|]{1,40}"\s*\|)[^|]*\|?`)
	// termLeadRx: a paragraph that opens with a flag, an option=value or a
	// quoted value and a colon (a definition list entry).
	termLeadRx = match.MustRx(`^\s*(?:--?[a-z][\w-]*(?:[= ][\w.-]+)?|[\w.-]+=[\w.-]*|"[^"]{1,40}")\s*:\s*$`)
	// refusedLeadRx: a paragraph that opens with what is not done.
	refusedLeadRx = match.MustRx(`^\s*(?:not supported|unsupported|not allowed|disallowed|forbidden|prohibited|out of scope|avoid|anti-?patterns?|never|don'?t|do not|red flags?)\s*:[^.!?]*$`)
)

// ClauseRole judges the role of the match [i, j) of normalised text t.
// negatorInPhrase says the phrase itself opens with a negator ("do not
// tell the user"), which is then its meaning, not a prohibition of it.
// span says the phrase matches free words between its anchors ("upload …
// silently"), which are then checked as part of the clause.
func ClauseRole(t string, i, j int, negatorInPhrase, span bool) Role {
	if loc := splitRx.FindStringIndex(t[i:j]); loc != nil && loc[0] > 0 {
		return RoleSplit
	}
	// The sentence: from the last sentence boundary before i to the next
	// after j.
	sStart := lastBoundary(t, i, ".!?;:|\n", roleWindow)
	sEnd := nextBoundary(t, j, ".!?;|\n", roleWindow)
	if sEnd < len(t) && t[sEnd] == '?' {
		return RoleQuestion
	}
	if inTableRow(t, i, j) && flagCellRx.MatchString(rowBefore(t, i)) {
		return RoleDefinition
	}
	if inTableRow(t, i, j) && catalogRowRx.MatchString(rowAround(t, i, j)) {
		return RoleDefinition
	}
	if flagPurposeRx.MatchString(t[max(sStart, i-120):i]) {
		return RoleDefinition
	}
	// A definition list entry: "--no-sandbox: disable sandbox", "\"replace\":
	// silently replace" says what a flag or value does; "Not supported: …"
	// lists what is refused.
	if sStart > 0 && sStart <= 80 {
		if termLeadRx.MatchString(t[:sStart]) {
			return RoleDefinition
		}
		if refusedLeadRx.MatchString(t[:sStart]) {
			return RoleProhibition
		}
	}
	sentPre := t[sStart:i]
	// The clause: split further at commas and dashes.
	cStart := sStart + lastBoundary(sentPre, len(sentPre), ",—–", roleWindow)
	if k := strings.LastIndex(sentPre, " - "); k >= 0 && sStart+k+3 > cStart {
		cStart = sStart + k + 3
	}
	clausePre := t[cStart:i]
	gap := ""
	if span {
		gap = innerGap(t[i:j])
	}
	// A prohibition before the phrase governs it even when the phrase
	// has its own negator: "never compare profiles without their consent".
	if prohibitRx.MatchString(clausePre) || !negatorInPhrase && prohibitRx.MatchString(gap) {
		return RoleProhibition
	}
	if !negatorInPhrase && listOrRx.MatchString(clausePre) && prohibitRx.MatchString(sentPre) {
		return RoleProhibition
	}
	if gapRx.MatchString(gap) || subjectOfRx.MatchString(t[j:min(len(t), j+40)]) {
		return RoleDescription
	}
	if conditionRx.MatchString(clausePre) {
		return RoleCondition
	}
	if flagSubjectRx.MatchString(clausePre) {
		return RoleDescription // "`--yolo` disable sandbox": the flag is the subject
	}
	if addresseeRx.MatchString(clausePre) || leadRx.MatchString(clausePre) || taskRx.MatchString(clausePre) || obligationRx.MatchString(clausePre) {
		return RoleInstruction
	}
	if loc := imperativeRx.FindStringIndex(clausePre); loc != nil {
		// "install can be silently absent", "the copy pass would":
		// a modal right after the verb makes it a noun with a predicate.
		if next := strings.Fields(clausePre[loc[1]:]); !gapRx.MatchString(strings.Join(next[:min(2, len(next))], " ")) {
			return RoleInstruction
		}
	}
	if subjectStartRx.MatchString(clausePre) || describeRx.MatchString(clausePre) {
		return RoleDescription
	}
	return RoleInstruction
}

// innerGap drops the first and last word of a match (the action and its
// adverb) and returns the words between, where a verb phrase such as
// "copy pass would silently" shows a description.
func innerGap(s string) string {
	f := strings.Fields(s)
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[1:len(f)-1], " ")
}

// roleWindow bounds how far a clause is searched for (a run-on text
// without punctuation must not make each match cost the whole text).
const roleWindow = 400

func lastBoundary(t string, i int, set string, window int) int {
	lo := max(0, i-window)
	k := strings.LastIndexAny(t[lo:i], set)
	if k < 0 {
		return lo
	}
	return lo + k + 1
}

func nextBoundary(t string, j int, set string, window int) int {
	hi := min(len(t), j+window)
	k := strings.IndexAny(t[j:hi], set)
	if k < 0 {
		return hi
	}
	return j + k
}

// rowBefore is the table row up to i: back to the row break ("| |") or
// the start of the text.
func rowBefore(t string, i int) string {
	pre := t[max(0, i-roleWindow):i]
	if k := strings.LastIndex(pre, "| |"); k >= 0 {
		return pre[k+3:]
	}
	return pre
}

// inTableRow reports whether [i, j) sits in a table cell.
func inTableRow(t string, i, j int) bool {
	lo := max(0, i-roleWindow)
	hi := min(len(t), j+roleWindow)
	return strings.Contains(t[lo:i], "|") && strings.Contains(t[j:hi], "|")
}

// rowAround is the table row holding [i, j), between row breaks ("| |").
func rowAround(t string, i, j int) string {
	lo := max(0, i-roleWindow)
	hi := min(len(t), j+roleWindow)
	pre, post := t[lo:i], t[j:hi]
	if k := strings.LastIndex(pre, "| |"); k >= 0 {
		pre = pre[k+2:]
	}
	if k := strings.Index(post, "| |"); k >= 0 {
		post = post[:k+1]
	}
	return pre + t[i:j] + post
}

// VerbRole is ClauseRole for the verb at [i, j) of a sentence's text,
// judged in its whole segment so that table rows and earlier clauses are
// in view.
func VerbRole(s *Sentence, i, j int) Role {
	return ClauseRole(s.Seg.N.Text, s.I+i, s.I+j, false, false)
}

// InToken reports whether the word at [i, j) of t is part of a larger
// token such as a host name or path ("post-apocalyptic-crypto.org",
// "/upload/"), not a word of the sentence.
func InToken(t string, i, j int) bool {
	if i > 0 && strings.IndexByte("/.-_@:=", t[i-1]) >= 0 {
		return true
	}
	return j < len(t) && strings.IndexByte("-_./@=", t[j]) >= 0 && j+1 < len(t) && t[j+1] != ' '
}

// clauseEndRx ends the clause that holds a verb's object.
var clauseEndRx = match.MustRx(`[,;()]|:\s|\s[-–—]\s`)

// ClauseAfter is the text after a verb up to the end of its clause.
func ClauseAfter(rest string) string {
	if loc := clauseEndRx.FindStringIndex(rest); loc != nil {
		return rest[:loc[0]]
	}
	return rest
}

// destSlotRx: a destination word is one when a preposition of direction
// leads to it ("to our webhook", "via the remote server"), not a noun
// modifier ("the webhook secret").
var destSlotRx = match.MustRx(`\b(?:to|into|via|at|through|using|onto)\s+(?:\S+\s+){0,2}$`)

// DestinationSlot reports whether the word at i of t is the destination of
// a transfer.
func DestinationSlot(t string, i int) bool {
	return destSlotRx.MatchString(t[max(0, i-60):i])
}

// smallWords are not capitalised in titles.
var smallWords = map[string]bool{"a": true, "an": true, "the": true, "of": true, "and": true, "or": true,
	"in": true, "on": true, "to": true, "for": true, "with": true, "by": true, "at": true, "from": true, "vs": true, "via": true}

// IsTitle reports whether raw reads as a title (a heading, a paper or
// article name): at least four words, and nearly every word that is not a
// small word starts with a capital letter. Titles name things; they do
// not instruct.
func IsTitle(raw string) bool {
	words, caps := 0, 0
	for _, w := range strings.Fields(raw) {
		w = strings.Trim(w, "*_[]()`'\":,.!?#")
		if w == "" || smallWords[strings.ToLower(w)] {
			continue
		}
		c := w[0]
		if c < 'A' || c > 'z' || (c > 'Z' && c < 'a') {
			continue // numbers, symbols, non-Latin words
		}
		words++
		if c >= 'A' && c <= 'Z' {
			caps++
		}
	}
	return words >= 4 && caps*10 >= words*8
}

// ClauseBefore is the text of a verb's clause before it, back to the
// previous clause boundary.
func ClauseBefore(pre string) string {
	locs := clauseEndRx.FindAllStringIndex(pre, -1)
	if len(locs) == 0 {
		return pre
	}
	return pre[locs[len(locs)-1][1]:]
}
