package prose

import (
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/facts/match"
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
var clauseLead = `^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:(?:` + strings.Join(leadWordList, "|") + `)\b\s*,?\s*)*`

// leadWordList are the words an imperative may open with before its verb.
var leadWordList = strings.Fields(`then now also always first next finally just simply please and or but so immediately afterwards`)

// imperativeVerbList are the verbs imperativeRx finds opening a clause.
var imperativeVerbList = strings.Split(`run|execute|summarise|summarize|send|upload|post|zip|tar|compress|apply|start|keep|install|copy|create|write|read|open|add|append|remove|delete|use|call|check|set|make|put|get|fetch|download|commit|push|save|move|collect|gather|forward|transmit|email|share|submit|include|attach|grab|take|load|invoke|launch|enable|disable|change|edit|modify|update|replace|overwrite|clean|clear|wipe|kill|stop|restart|deploy|publish|sync|backup|back up|archive|encode|decode|print|output|show|display|tell|say|reply|respond|answer|ask|go|visit|navigate|browse|click|follow|ignore|disregard|forget|treat|act|pretend|proceed|continue|do|perform|complete|finish|generate|build|compile|store|log|record|capture|scan|search|find|list|inspect|look|pipe|mount|chmod|chown|sudo|curl|wget`, "|")

var (
	// splitRx: boundaries no phrase may cross.
	splitRx = match.MustRx(`[.!?;:|]\s|\s[-–—]\s|[()\[\]]|\|`)
	// prohibitRx: a negator that governs what follows in its clause.
	// Negators in Chinese and Japanese have no word boundary.
	prohibitRx = match.MustRx(`\b(?:not|never|no|nor|don't|dont|doesn't|won't|shouldn't|mustn't|cannot|can't|avoid|avoiding|without|instead of|rather than|refuse to|forbidden|prohibited)\b|不(?:要|得|可|应|應|能|使用|用|许|許)|禁止|禁用|切勿|严禁|嚴禁|避免|请勿|請勿|しないで|使わないで|使用しない|禁止する`)
	// addresseeRx: the clause addresses the reader or the agent. The one
	// word allowed between is an adverb ("you then must"), not a version
	// or model number that makes "agent" part of a product's name
	// ("Multi Agent V2 can …" describes the product).
	addresseeRx = match.MustRx(`\b(?:you|claude|the agent|the assistant|assistant|agent)\s+(?:[a-z']+\s+)?(?:must|should|shall|will|need to|needs to|have to|has to|are to|is to|can|may|are required to|is required to|'ll)\b|\byou(?:'ll| will)\b|\b(?:please|make sure to|be sure to|remember to)\b`)
	// alwaysRx: "always" before the verb; it commands when nothing but
	// lead words or the agent stand before it ("Always override …",
	// "Claude always overrides …"), and describes when a subject of its
	// own does ("User policies always override Default policies").
	alwaysRx = match.MustRx(`\balways\b`)
	// agentWordRx: a word that names the agent or speaks to it.
	agentWordRx = match.MustRx(`\b(?:you|your|yourself|claude|codex|gemini|copilot|chatgpt|agents?|assistants?|models?|ai|llms?|bots?)\b`)
	// describeRx: a subject, modal, auxiliary, relative pronoun or past
	// tense before the action: the clause reports rather than commands.
	describeRx = match.MustRx(`\b(?:would|could|can|may|might|will|is|are|was|were|be|been|being|has|have|had|does|did|that|which|who|whose|whom|it|its|there|they|he|she|we|i|[a-z]+ed)\b|\b(?:a|an|the|this|these|those|my|our|their|his|her|each|every|any|some)\s+(?:\S+\s+){0,3}$`)
	// gapRx: inside a match that spans free words ("copy pass would
	// silently"), a modal, auxiliary or relative pronoun shows a clause
	// with its own subject.
	gapRx = match.MustRx(`\b(?:would|could|can|may|might|will|is|are|was|were|been|has|have|had|does|did|that|which|who|whose|appears?|seems?|fails?|failed|failing|errors?|errored|breaks?|broke|crash(?:es|ed)?|hangs?|dies|died|stops?|stopped|exits?|exited|returns?|returned)\b`)
	// imperativeRx: a clause that opens (after lead words) with a verb in
	// the base form and has no modal or auxiliary of its own.
	imperativeRx = match.MustRx(clauseLead + `(?:` + strings.Join(imperativeVerbList, "|") + `)\b`)
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
	// A row that opens with a technique or weakness ID (MITRE ATLAS and
	// ATT&CK, CWE, CAPEC, OWASP LLM) is one too; severities are also read
	// in Chinese and Japanese.
	catalogRowRx = match.MustRx(`\|\s*(?:critical|high|medium|low|info|severe|warning|严重|高危|中危|低危|高|中|低|重大|緊急)\s*\|` +
		`|^\W*\|?\s*(?:\*\*)?\s*(?:aml\.t\d{4}(?:\.\d{3})?|t\d{4}(?:\.\d{3})?|cwe-\d+|capec-\d+|llm\d{2}(?::\d{4})?|asi\d{2})\b`)
	// apiOperationRowRx: a table row that opens with an HTTP method and a
	// path (an API reference's operation), the match in a later cell.
	apiOperationRowRx = match.MustRx("^\\W*\\|?\\s*`?(?:get|post|put|patch|delete|head|options)`?\\s*\\|\\s*`?/[^|\\s]*`?\\s*\\|")
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
	// free words across a comma: "share memory if capacity allows,
	// silently corrupting …" joins two clauses
	if span && strings.Contains(innerGap(t[i:j]), ",") {
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
	// "| DELETE | /orgs/{id}/sandbox | Delete … and Disable Sandbox |": a
	// later cell of an API reference row is the summary of the operation
	// its method and path name
	if inTableRow(t, i, j) && apiOperationRowRx.MatchString(rowBefore(t, i)) {
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
	cStart := sStart + clauseBoundary(sentPre)
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
	// "Instructions that tell Claude to ignore, disregard, or override …":
	// the verb is the last of a list of infinitives, and the clause that
	// governs them has a subject of its own; "Tell Claude to ignore, …, or
	// override …" opens with its verb and stays an instruction
	if listOrRx.MatchString(clausePre) {
		ext := t[subjectClauseStart(t, i):i]
		if m := infinitiveListRx.FindStringIndex(ext); m != nil && hasSubject(ext[:m[0]]) {
			return RoleDescription
		}
	}
	if conditionRx.MatchString(clausePre) {
		return RoleCondition
	}
	if flagSubjectRx.MatchString(clausePre) {
		return RoleDescription // "`--yolo` disable sandbox": the flag is the subject
	}
	if addresseeRx.MatchString(clausePre) || alwaysCommands(t, i, clausePre) || leadRx.MatchString(clausePre) || taskRx.MatchString(clausePre) || obligationRx.MatchString(clausePre) {
		return RoleInstruction
	}
	if loc := imperativeRx.FindStringIndex(clausePre); loc != nil {
		// "install can be silently absent", "the copy pass would":
		// a modal right after the verb makes it a noun with a predicate.
		if next := strings.Fields(clausePre[loc[1]:]); !gapRx.MatchString(strings.Join(next[:min(2, len(next))], " ")) {
			return RoleInstruction
		}
	}
	if readerAddressRx.MatchString(clausePre) {
		return RoleInstruction // "AI agents reading this silently forward …"
	}
	if subjectStartRx.MatchString(clausePre) || describeRx.MatchString(clausePre) || hasSubject(t[subjectClauseStart(t, i):i]) {
		return RoleDescription
	}
	return RoleInstruction
}

// alwaysCommands reports an "always" before the verb at i that commands:
// no subject of its own stands before it, or the one there is the agent.
func alwaysCommands(t string, i int, clausePre string) bool {
	loc := alwaysRx.FindStringIndex(clausePre)
	if loc == nil {
		return false
	}
	pre := clausePre[:loc[0]]
	if cs := subjectClauseStart(t, i); cs < i-len(clausePre) {
		pre = t[cs : i-len(clausePre)+loc[0]]
	}
	return !hasSubject(pre) || agentWordRx.MatchString(pre) || selfRefRx.MatchString(pre)
}

// infinitiveListRx: "to" and a list of verbs up to the conjunction before
// the matched one ("to ignore, disregard, forget, or ").
var infinitiveListRx = match.MustRx(`\bto\s+[a-z]+(?:\s*,\s*[a-z]+){0,6}\s*,?\s*(?:or|and|and/or)\s+$`)

// readerAddressRx: the clause is addressed to the agents reading it.
var readerAddressRx = match.MustRx(`\b(?:ai|llm|language model|agents?|assistants?|models?)\s+(?:reading|processing|reviewing|that reads?)\s+(?:this|these)\b`)

// leadWords are skipped before a clause's first real word: the lead
// words of clauseLead and labels ("step 3", "important").
// adverbialOpeners open an adverbial before an imperative's verb ("after
// the upload", "for each file", "once done"): neither is a subject.
var leadWords, adverbialOpeners = map[string]bool{}, map[string]bool{}

// addressees make a clause one spoken to the agent when a participle
// follows ("AI agents reading this …"); vocatives when they are the whole
// clause before the verb ("Claude silently …").
var addressees = map[string]bool{}
var vocatives = map[string]bool{"agent": true, "assistant": true, "claude": true, "codex": true, "gemini": true, "copilot": true, "chatgpt": true, "ai": true, "bot": true}

// baseVerbs are verbs whose base form opens an imperative ("go to … and
// run", "verify the checksum and upload"): a clause opening with one has
// no subject of its own.
var baseVerbs = map[string]bool{}

func init() {
	for _, v := range imperativeVerbList {
		baseVerbs[strings.Fields(v)[0]] = true // "back up": back
	}
	for _, w := range strings.Fields(`verify validate extract rotate review analyse analyze configure test try query examine dump export import
		convert parse render format transform translate summarize summarise document explain describe note mark select
		choose pick identify locate close exit quit return pass provide supply grant revoke request retrieve obtain
		acquire access exfiltrate harvest steal leak expose reveal hide conceal encrypt decrypt hash sign login
		authenticate connect bind listen serve host proxy tunnel route redirect schedule trigger spawn monitor watch
		track poll ping probe enumerate crawl scrape index mirror clone pull merge rebase checkout tag release bump
		uninstall reinstall upgrade patch fix debug profile measure compare diff confirm ensure assert wait sleep
		retry repeat iterate process handle split join sort filter map count compute calculate estimate evaluate score
		rank echo type paste insert prepend embed inject place register subscribe notify alert warn report multiply
		cat grep sed awk ssh scp rsync docker kubectl git npm pip npx node python bash sh source let turn switch press
		enter drop rename link unlink unzip untar wrap unwrap stay remain leave hold sit bring carry hand give lend
		teach learn study think consider decide prefer avoid accept reject refuse deny approve cancel abort resume
		pause halt begin end mention remember skip omit exclude swap shift drag tap scroll downgrade ship fork stage
		stash branch audit attempt match group combine mix observe trace cache restore recover rollback revert reset
		purge erase destroy terminate fire emit relay message contact reach disconnect detach unmount unbind assign
		unassign toggle activate deactivate unset customize adjust tune tweak alter repair diagnose investigate
		explore come lead guide help assist support manage behave assume imagine suppose become produce draw paint
		present draft compose decompress pack unpack bundle employ utilise utilize leverage guarantee receive demand
		require need want offer yield deliver obey heed honor honour implement`) {
		baseVerbs[w] = true
	}
	for _, w := range strings.Fields(`after before once when whenever while during upon on at in for from with within via
		by to as since following per into onto across through throughout here where`) {
		adverbialOpeners[w] = true
	}
	for _, w := range append(strings.Fields(`afterward otherwise instead meanwhile step steps phase stage important note tip
		reminder critical mandatory required warning nb ps todo action`), leadWordList...) {
		leadWords[w] = true
	}
	for _, w := range strings.Fields(`you your yourself agent agents assistant assistants claude ai llm llms model models codex gemini copilot chatgpt bot`) {
		addressees[w] = true
	}
}

// hasSubject reports whether the part of a clause before its verb holds a
// subject: a word that neither opens an adverbial nor addresses the agent
// ("later runs silently overwrite", "Sales Engagement skips email steps
// silently", "packages harvest .npmrc"). An imperative's verb opens its
// clause, after at most lead words, a label or an adverbial. Only Latin
// words count: a clause in another script is judged by its own rules.
func hasSubject(clausePre string) bool {
	var words []string
	for _, f := range strings.FieldsFunc(clausePre, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '\'' || r >= '0' && r <= '9')
	}) {
		words = append(words, strings.ToLower(f))
	}
	// list markers and numbers ("2.", "step 3") are labels
	for len(words) > 0 && (leadWords[words[0]] || words[0][0] >= '0' && words[0][0] <= '9' || strings.HasSuffix(words[0], "ly") && len(words[0]) > 3 && !baseVerbs[words[0]]) {
		words = words[1:]
	}
	if len(words) == 0 || adverbialOpeners[words[0]] || baseVerbs[words[0]] {
		return false
	}
	// "you then …", "Claude, …" or "AI agents reading this …" speak to
	// the agent; "Gemini help shows …" and "LLMs do not mention …" are
	// about a product
	if len(words) == 1 && vocatives[words[0]] {
		return false
	}
	for k, w := range words {
		if w == "you" || w == "your" || w == "yourself" {
			return false
		}
		if addressees[w] && k+1 < len(words) && (words[k+1] == "reading" || words[k+1] == "processing" || words[k+1] == "reviewing") {
			return false
		}
	}
	return true
}

// clauseStart is where the clause holding i begins: after the last
// newline, table cell, dash or parenthesis, or punctuation that ends a
// clause when a space follows it (the dot of "prepare.py" and the colon
// of "https:" do not).
func clauseStart(t string, i int) int {
	lo := max(0, i-roleWindow)
	for k := i - 1; k >= lo; k-- {
		switch t[k] {
		case ')':
			// a parenthetical inside the clause: "duplicates (same index
			// values) silently overwrite"
			if o := strings.LastIndexByte(t[lo:k], '('); o >= 0 && !strings.ContainsAny(t[lo+o:k], "\n|") {
				k = lo + o
				continue
			}
			return k + 1
		case '\n', '|', '(', '[', ']':
			return k + 1
		case '.', '!', '?', ';', ':', ',':
			if k+1 < i && (t[k+1] == ' ' || t[k+1] == '\t') {
				return k + 1
			}
		case '-':
			if k > 0 && t[k-1] == ' ' && k+1 < i && t[k+1] == ' ' {
				return k + 1
			}
		}
		if k+3 <= len(t) && (t[k:k+3] == "—" || t[k:k+3] == "–") {
			return k + 3
		}
	}
	return lo
}

// listContRx: a clause that continues a list of objects ("apply A, B,
// and C without asking").
var listContRx = match.MustRx(`^\W*(?:and|or|nor|as well as)\b`)

// subjectClauseStart is clauseStart, extended back over the items of a
// list so that "Apply ordering fixes, lifecycle grouping, and option
// hoists without asking" is judged from "Apply".
func subjectClauseStart(t string, i int) int {
	cs := clauseStart(t, i)
	if !listContRx.MatchString(t[cs:i]) {
		return cs
	}
	// back over the comma-separated items to the clause they belong to
	for n := 0; n < 12 && cs > 0 && t[cs-1] == ','; n++ {
		cs = clauseStart(t, cs-1)
	}
	return cs
}

// selfRefRx: the skill or its text referring to itself ("this skill",
// "these instructions").
var selfRefRx = match.MustRx(`\b(?:this|these|the following|our|my)\s+(?:\w+\s+)?(?:skill|instructions?|rules?|directives?|file|document|message|prompt|section|text|guidance|commands?|steps?|policy|policies)\b|\b(?:we|i|us)\b`)

// nounInfinitiveRx: a noun of asking or trying with its infinitive right
// before the verb.
var nounInfinitiveRx = match.MustRx(`\b(?:instructions?|attempts?|requests?|prompts?|commands?|messages?|tricks?|efforts?|ways?|tries|payloads?|tells?|demands?|orders?)\s+to\s+(?:[a-z]+\s*/\s*){0,3}$`)

// toldNounRx: a noun, a relative pronoun and a verb of telling the agent to
// do something, then the infinitive (or a list of them) up to the verb.
var toldNounRx = match.MustRx(`\b[a-z]+\s+(?:that|which)\s+(?:tells?|asks?|instructs?|directs?|urges?|orders?|commands?|(?:tries|try|attempts?) to (?:get|make|convince))\s+(?:claude|the agent|the model|the assistant|the ai|ai|you|agents?|models?|llms?|assistants?)\s+to\s+(?:[a-z]+\s*,\s*){0,6}(?:(?:or|and|and/or)\s+)?$`)

// agentTextRx: what the agent is told to follow (its instructions, system
// prompt, guidelines), as an override's object.
var agentTextRx = match.MustRx(`\b(?:instructions?|system prompts?|prompts?|guidelines|directives)\b`)

// relativeSubjectRx: a relative pronoun is the verb's subject, after the
// noun it stands for ("decisions that override default guidance").
var relativeSubjectRx = match.MustRx(`\b(\w+)\s+(?:that|which|who)\s+(?:\w+\s+)?$`)

// ownTextNouns are antecedents that may be the skill's own text ("rules
// that override all previous instructions").
var ownTextNouns = map[string]bool{"instructions": true, "instruction": true, "rules": true, "rule": true, "directives": true,
	"guidance": true, "prompt": true, "text": true, "section": true, "file": true, "skill": true, "message": true,
	"commands": true, "steps": true, "policy": true, "these": true, "this": true}

// subjectModifierPreps open a phrase that modifies the subject's head noun
// ("a document with hidden text", "a file containing rules").
var subjectModifierPreps = map[string]bool{"with": true, "containing": true, "holding": true, "carrying": true}

// ThirdPartySubject reports whether the verb at i of t has a subject of
// its own that is neither the agent nor the skill's text: "crafted prompts
// bypass safety guardrails", "`Allow` rules override all other rules",
// "decisions that override default guidance". A claim made about a third
// party describes it; "this skill overrides …" does not.
func ThirdPartySubject(t string, i, j int) bool {
	cs := subjectClauseStart(t, i)
	clause := t[cs:i]
	// "instructions to ignore previous system prompts", "attempts to
	// override …": the act named by a noun, not claimed or commanded
	if nounInfinitiveRx.MatchString(clause) {
		return true
	}
	if selfRefRx.MatchString(clause) || readerAddressRx.MatchString(clause) {
		return false
	}
	// "instructions that tell Claude to ignore, …, or override previous
	// instructions": the act named by what a noun asks for
	if toldNounRx.MatchString(clause) {
		return true
	}
	// "SECURITY.md rules are absolute and override all other instructions":
	// text of the skill's own put over the agent's instructions
	// The noun must head the subject: in "a document with hidden injection
	// text can override the system prompt" the text is what the document
	// holds, and the document is a third party's
	if agentTextRx.MatchString(t[i:j]) {
		for _, w := range strings.Fields(clause) {
			w = strings.Trim(w, "`*_\"'.,")
			if subjectModifierPreps[strings.ToLower(w)] {
				break
			}
			if ownTextNouns[w] {
				return false
			}
		}
	}
	if m := relativeSubjectRx.FindStringSubmatch(clause); m != nil {
		return !ownTextNouns[m[1]]
	}
	// ", which override …": the antecedent ends the clause before
	if f := strings.Fields(clause); len(f) > 0 && (f[0] == "which" || f[0] == "that" || f[0] == "who") {
		pre := strings.Fields(strings.NewReplacer(",", " ", "*", " ", "`", " ").Replace(t[max(0, cs-80):cs]))
		for k := len(pre) - 1; k >= 0; k-- {
			if w := strings.ToLower(pre[k]); w != "below" && w != "above" && w != "here" && w != "following" {
				return !ownTextNouns[w]
			}
		}
		return false
	}
	return hasSubject(clause)
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

// clauseBoundary is where the last clause of sentPre starts: after its
// last comma or dash outside parentheses ("a site tricks the browser into
// sending a request (payment, delete, password change) to your app":
// the commas list inside the parenthesis, the clause is the sentence).
func clauseBoundary(sentPre string) int {
	lo := max(0, len(sentPre)-roleWindow)
	depth := 0
	for k := len(sentPre) - 1; k >= lo; k-- {
		switch c := sentPre[k]; {
		case c == ')':
			depth++
		case c == '(':
			if depth > 0 {
				depth--
			}
		case depth == 0 && c == ',':
			return k + 1
		case depth == 0 && c >= 0x80:
			if r, n := utf8.DecodeLastRuneInString(sentPre[:k+1]); (r == '—' || r == '–') && n > 1 {
				return k + 1
			}
		}
	}
	if depth > 0 {
		return lastBoundary(sentPre, len(sentPre), ",—–", roleWindow)
	}
	return lo
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
