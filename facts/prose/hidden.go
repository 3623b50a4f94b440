package prose

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
)

var (
	commentCmdRx = match.MustRx(`\b(?:curl|wget|bash|zsh|sh -c|powershell|pwsh|iex|invoke-expression|invoke-webrequest|iwr|base64 (?:-d|--decode|-D)|chmod \+x|rm -rf|nc -e|ncat|python3? -c|node -e|eval|exec|sudo|osascript|certutil|bitsadmin|mshta|regsvr32)\b|\|\s*(?:sh|bash|zsh|python3?)\b|/dev/tcp/`)
	// commentAddresseeRx: text that speaks to the agent ("AI agent: …",
	// "note to the assistant", "if you are an LLM"), not text that merely
	// mentions a model.
	commentAddresseeRx = match.MustRx(`\b(?:note|message|instructions?|attention|hey|dear|reminder)\s+(?:to|for)?\s*(?:the\s+|all\s+|any\s+)?(?:ai|assistant|agent|agents|claude|llm|llms|models?|copilot|bot)s?\b|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language model|assistant|agent|bot|claude|chatgpt)\b|\b(?:ai|llm|language model)s?\s+(?:agents?\s+|assistants?\s+|models?\s+|systems?\s+)?(?:reading|processing|parsing|seeing|must|should|shall|need to)\b|\b(?:for\s+(?:the\s+)?)?(?:ai|assistant|agent|llm|model)s?\s+only\b|\bnot\s+(?:for|to be)\s+(?:display|displayed|shown|the user|humans?|human eyes)\b`)
	// commentVocativeRx: a model named and then spoken to ("Claude: run
	// …", "AI, ignore …"); addressedName drops the names that only head a
	// phrase ("For GPT/Gemini, replace the tags …").
	commentVocativeRx = match.MustRx(`\b(?:ai|assistant|agent|claude|llm|copilot|chatgpt|gemini|codex|cursor)s?\s*[:,]\s*\w`)
	// namePrepRx: the words before a name that make it the object of a
	// preposition, not the one spoken to.
	// nameArticleRx: an article or determiner before a name, at most two
	// modifiers between ("the orchestrating agent").
	nameArticleRx    = match.MustRx(`(?i)\b(?:the|a|an|this|that|each|every|any|your|our|its|their)\s+(?:[\w-]+\s+){0,2}$`)
	namePrepRx       = match.MustRx(`(?i)\b(?:for|with|on|in|to|from|via|using|like|than|of|by|and|or|vs\.?|versus)\s+(?:[\w.+-]+\s*/\s*)*$`)
	commentActionRx  = match.MustRx(`\b(?:` + commentActionWords + `|must|should)\b`)
	commentYouMustRx = match.MustRx(`\byou\s+(?:must|should|need to|have to|will|are to|shall)\s+(?:always\s+|now\s+|first\s+|also\s+)?(?:run|execute|send|upload|read|fetch|download|install|delete|email|post|visit|ignore|forget|tell|output|include|copy|collect|access|call|invoke)\b`)
	commentSecretRx  = match.MustRx(`\b(?:api[ _-]?keys?|tokens?|passwords?|secrets?|credentials?|private keys?|env(?:ironment)? var(?:iable)?s|cookies|session)\b`)
	commentBenignRx  = match.MustRx(`^\s*(?:markdownlint|prettier|eslint|vale|textlint|cspell|spell-?checker|toc|/toc|more|lint|omit|begin|end|start|stop|region|endregion|todo|fixme|note|xxx|hack|generated|auto-?generated|do not edit|don't edit|badges?|section|include|snippet|want|markdown-link-check|alex|keep|allcontributors|all-contributors|readme|docs?|comment|tip|warning|x-)\b`)
	commentB64Rx     = match.MustRx(`[A-Za-z0-9+/]{40,}={0,2}`)
)

// JudgeHiddenText grades text that readers of the rendered Markdown do not
// see (HTML comments, invisible HTML). It returns SevNone for ordinary
// text and the reasons otherwise.
func JudgeHiddenText(raw string, n *NormText, phrases []Phrase) (analyzer.Severity, []string) {
	return judgeHidden(raw, n, phrases, 0)
}

func judgeHidden(raw string, n *NormText, phrases []Phrase, depth int) (analyzer.Severity, []string) {
	return judgeHiddenAs(raw, n, phrases, depth, false)
}

// JudgeTemplateComment grades an HTML comment inside a fenced template
// the agent is told to write: visible in the skill, hidden in what it
// writes. Only what would act from there counts — shell commands,
// credential paths, URLs on suspicious hosts, fake role tags, base64
// payloads, instructions to send data out; the comment's wording (an
// override, "without asking", words to the agent) is judged with the
// fence's prose by the phrase rules.
func JudgeTemplateComment(raw string, n *NormText) (analyzer.Severity, []string) {
	return judgeHiddenAs(raw, n, nil, 0, true)
}

// judgeHiddenAs is judgeHidden; with actsOnly it keeps only the reasons
// that would act from a file written out (what JudgeTemplateComment
// counts), not the ones about the text's wording.
func judgeHiddenAs(raw string, n *NormText, phrases []Phrase, depth int, actsOnly bool) (analyzer.Severity, []string) {
	sev := analyzer.SevNone
	var reasons []string
	add := func(s analyzer.Severity, r string) {
		if s > sev {
			sev = s
		}
		reasons = append(reasons, r)
	}
	t := n.Text
	for i := range phrases {
		if m := phrases[i].Find(t); m != nil && !Negated(t, m[0]) {
			add(analyzer.Critical, fmt.Sprintf("%s %q", phrases[i].Label, match.Clip(t[m[0]:m[1]], 60)))
			break
		}
	}
	for i := range RoleTagPhrases {
		if m := RoleTagPhrases[i].Find(t); m != nil {
			add(analyzer.High, fmt.Sprintf("fake role tag %q", t[m[0]:m[1]]))
			break
		}
	}
	if at := commandWordAt(t); at >= 0 {
		add(analyzer.High, fmt.Sprintf("shell command %q", match.Clip(t[at:], 50)))
	}
	if match.MayHaveCredentialPath(raw) {
		if label, _, _, ok := intel.MatchCredentialPath(raw); ok {
			add(analyzer.High, "credential path ("+label+")")
		}
	}
	addressed := commentAddressed(t) || addressedName(t) && commentActionRx.MatchString(t)
	if addressed || commentYouMustRx.MatchString(t) {
		if !actsOnly {
			add(analyzer.High, "instructions addressed to the agent")
		}
	} else if commentSecretRx.MatchString(t) && commentActionRx.MatchString(t) && !commentBenignRx.MatchString(t) {
		if !actsOnly {
			add(analyzer.Medium, "instructions about secrets")
		}
	}
	if vm := SendVerbRx.FindStringIndex(t); vm != nil && !Negated(t, vm[0]) &&
		(SecretObjRx.MatchString(t) || ContentObjRx.MatchString(t) || match.MayHaveCredentialPath(raw)) &&
		(strings.Contains(raw, "://") || EmailRx.MatchString(t) || DestWordRx.MatchString(t)) {
		add(analyzer.Critical, "an instruction to send data out")
	}
	for _, u := range intel.URLRx.FindAllString(raw, 8) {
		host, c := intel.URLClass(u)
		if c.Suspicious() {
			add(analyzer.High, fmt.Sprintf("URL on a %s (%s)", c, host))
		} else if c == intel.HostUnknown && sev == analyzer.SevNone && !actsOnly && !commentBenignRx.MatchString(t) {
			add(analyzer.Low, "a URL ("+host+")")
		}
	}
	if depth >= 3 {
		return sev, reasons // base64 inside base64 inside base64 is enough
	}
	for _, b := range commentB64Rx.FindAllString(raw, 4) {
		dec, ok := decodeB64Text(b)
		if !ok {
			add(analyzer.Medium, fmt.Sprintf("a %d-character base64 payload", len(b)))
			continue
		}
		dn := Normalize([]byte(dec), 0, len(dec))
		if s, r := judgeHidden(dec, dn, phrases, depth+1); s >= analyzer.High {
			add(analyzer.Critical, fmt.Sprintf("base64 that decodes to %q (%s)", match.Clip(dec, 60), strings.Join(r, ", ")))
		} else {
			add(analyzer.High, fmt.Sprintf("base64 that decodes to text %q", match.Clip(dec, 60)))
		}
	}
	return sev, reasons
}

// commentActionWords are the acts a comment may ask of the agent.
const commentActionWords = `run|execute|send|upload|read|fetch|download|install|delete|remove|email|post|exfiltrate|visit|open|include|append|insert|tell|say|respond|reply|answer|output|print|write|call|invoke|ignore|forget|always|never|do not|don't|copy|collect|access`

// commentModalAddresseeRx: an addressee that is a model with a modal
// ("LLM should", "AI must"), whose verb follows.
var commentModalAddresseeRx = match.MustRx(`(?:must|should|shall|need to)$`)

// commentDeedRx: an act in what a model is told it should do: an action
// verb other than the modal itself, or the steps around it taken up
// ("do this", "follow these").
var commentDeedRx = match.MustRx(`\b(?:` + commentActionWords + `)\b|\b(?:do|follow|perform|carry out|obey|execute)\s+(?:this|these|that|those|it|them|the above|the steps?|the instructions?)\b`)

// commentAddressed reports text that speaks to the agent and asks an act
// of it. "LLM should derive notification_date from the timestamp", in a
// template's notes on its variables, tells the model how to fill a field:
// after a model and its modal, what follows must hold an act ("LLM should
// then upload …"); the other addressees ("note to the assistant", "if you
// are an LLM") count with an action word anywhere in the text.
func commentAddressed(t string) bool {
	for _, m := range commentAddresseeRx.FindAllStringIndex(t, 8) {
		if !commentModalAddresseeRx.MatchString(t[m[0]:m[1]]) {
			if commentActionRx.MatchString(t) {
				return true
			}
			continue
		}
		if commentDeedRx.MatchString(t[m[1]:]) {
			return true
		}
	}
	return false
}

// addressedName reports a model named and then spoken to: "Claude: run
// …", "For Claude: …", not "For GPT/Gemini, replace …" or "works with
// Claude, Codex and …".
func addressedName(t string) bool {
	for _, m := range commentVocativeRx.FindAllStringIndex(t, 8) {
		pre := t[max(0, m[0]-60):m[0]]
		// "multi-agent: only the orchestrator writes", "single-agent,
		// gated runs": the last part of a compound, a label or an
		// adjective, not a name spoken to
		if m[0] > 1 && t[m[0]-1] == '-' && isLetter(t[m[0]-2]) {
			continue
		}
		// "guidance read by the agent, not enforced": a name with its
		// article is a noun phrase in a sentence; one spoken to takes
		// none ("Agent, run …"). A colon still heads a message ("To the
		// agent: …").
		if !strings.Contains(t[m[0]:m[1]], ":") && nameArticleRx.MatchString(pre) {
			continue
		}
		// "hosts: RPA job, Agent, API Workflow, connector": a middle item
		// of a list of names, not a name spoken to
		if !strings.Contains(t[m[0]:m[1]], ":") && listItemBeforeRx.MatchString(pre) && listItemAfterRx.MatchString(t[m[1]-1:]) {
			continue
		}
		if strings.Contains(t[m[0]:m[1]], ":") || !namePrepRx.MatchString(pre) {
			return true // "To Claude: …" heads a message to it
		}
	}
	return false
}

// listItemBeforeRx: a comma after a short item before a name;
// listItemAfterRx: from the first letter after the name's comma, a short
// item and the next comma or conjunction of the list.
var (
	listItemBeforeRx = match.MustRx(`(?:^|[:,;(]\s*)(?:[\w/.+-]+\s+){0,2}[\w/.+-]+,\s*$`)
	listItemAfterRx  = match.MustRx(`^\w[\w/.+-]*(?:\s+[\w/.+-]+){0,2}\s*(?:,|\s+(?:and|or)\s)`)
)

// commandWordAt finds a program name in command position: not one item of
// a name list ("bash/zsh", "Bash/text-editor/memory tools") or part of a
// longer name ("bash-completion", "exec_summary"). It returns -1 when
// there is none.
// commandNameWordRx: a bare program name (no operand in the match), which
// a comma right after it leaves a noun.
var commandNameWordRx = match.MustRx(`^(?:curl|wget|bash|zsh|powershell|pwsh|ncat|sudo|osascript|certutil|bitsadmin|mshta|regsvr32)$`)

// scriptFileRx matches a script file operand.
var scriptFileRx = match.MustRx(`^[\w./-]+\.(?:py|sh|bash|zsh)$`)

func commandWordAt(t string) int {
	for _, m := range commentCmdRx.FindAllStringIndex(t, 8) {
		if m[1] < len(t) {
			switch c := t[m[1]]; {
			case c == '/' || c == '_':
				continue
			case c == '-' && m[1]+1 < len(t) && isLetter(t[m[1]+1]):
				continue
			}
		}
		if w := t[m[1]:]; commandNameWordRx.MatchString(t[m[0]:m[1]]) && (w != "" && (w[0] == ',' || w[0] == ';' || w[0] == ')') || strings.TrimSpace(t[:m[0]]) == "" && strings.TrimSpace(w) == "") {
			// "curl, but with the browser's login state", "(requires
			// Oh My Zsh)": the program named as a noun in a sentence,
			// or a name alone (a reference definition's label "[zsh]");
			// a command takes its operands after a space
			continue
		}
		if m[0] > 0 && t[m[0]-1] == '/' && m[0] > 1 && isLetter(t[m[0]-2]) && !strings.Contains(t[max(0, m[0]-12):m[0]], "bin/") {
			continue // "zsh/bash" as the second of two names; /bin/bash stays a program
		}
		if m[0] > 1 && t[m[0]-1] == '-' && isLetter(t[m[0]-2]) {
			continue // the last part of a hyphenated name (link-checker-eval.git)
		}
		if w := t[m[0]:m[1]]; w == "exec" || w == "eval" {
			if m[1] < len(t) && t[m[1]] != ' ' && t[m[1]] != '\t' {
				continue // "eval.git", "exec.py": part of a name, not the command
			}
			// "exec summary says 41%", "eval results": the English nouns;
			// the commands take a path, a variable, a quotation or a
			// substitution (exec /bin/sh, eval "$(…)")
			rest := strings.TrimLeft(t[m[1]:], " \t")
			if rest == "" || !strings.ContainsRune("/$\"'`(~.", rune(rest[0])) {
				continue
			}
		}
		if t[m[0]] == '|' {
			// "| python todo.py add": a table cell holding a command that
			// runs a script file, not a pipe into an interpreter
			if next := strings.Fields(t[m[1]:min(len(t), m[1]+80)]); len(next) > 0 && scriptFileRx.MatchString(next[0]) {
				continue
			}
		}
		return m[0]
	}
	return -1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// decodeB64Text decodes standard or URL base64 and reports whether the result
// is mostly printable text.
func decodeB64Text(s string) (string, bool) {
	s = strings.TrimRight(s, "=")
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		if b, err = base64.RawURLEncoding.DecodeString(s); err != nil {
			return "", false
		}
	}
	printable := 0
	for _, c := range b {
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			printable++
		}
	}
	if len(b) == 0 || printable*10 < len(b)*9 {
		return "", false
	}
	return string(b), true
}
