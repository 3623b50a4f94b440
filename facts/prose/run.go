package prose

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/parse/shell"
)

// Mood is what a phrase rule's phrases are.
type Mood int

const (
	// Imperative phrases count only as instructions (ClauseRole).
	Imperative Mood = iota
	// Claim phrases are statements by nature ("this was approved by the
	// security team"): only questions and matches across boundaries are
	// dropped.
	Claim
)

// RunPhraseRule reports every phrase hit in the Markdown file outside HTML
// comments (SV308 judges those), graded by hitSeverity.
func RunPhraseRule(p *analyzer.Pass, phrases []Phrase, mood Mood) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := Of(p)
	if err != nil {
		return err
	}
	hits := d.FindPhrases(phrases)
	for hi, h := range hits {
		if h.Ctx == CtxComment {
			continue
		}
		// Only instructions count: the same words describing what
		// something does, forbidding it, asking about it or defining a
		// flag in a table tell the agent to do nothing.
		role := ClauseRole(h.Seg.N.Text, h.I, h.J, phraseNegatorRx.MatchString(h.Seg.N.Text[h.I:h.J]), h.Phrase.Span)
		if role == RoleInstruction && (CodeTermEntry(d.Src, h.Seg.Start, h.Start) || mood == Claim && codeKeyCell(d.Src, h.Start) || (h.Phrase.Label == "approval bypass" || h.Phrase.Label == "silent action") && codeIdentCell(d.Src, h.Start) || h.Phrase.Label == "approval bypass" && flagTermEntry(d.Src, h.Start, h.End)) {
			role = RoleDefinition // "- `yolo`: Auto-approve all tools", "| `systemMessage` | Override default system prompt |"
		}
		// "Enable/disable safety checks in current scope" under a
		// builtin's signature: a verb written as a toggle pair says what a
		// switch does, both ways
		if role == RoleInstruction && !h.obfuscated && TogglePair(h.Seg.N.Text, h.I, min(len(h.Seg.N.Text), h.J)) {
			role = RoleDefinition
		}
		// "Never:" / "This skill does NOT:" over a list: every item is
		// refused. A phrase that is itself a negation ("do not tell the
		// user") is left to its own meaning.
		if role == RoleInstruction && !phraseProhibitRx.MatchString(h.Seg.N.Text[h.I:h.J]) && NegativeListLead(d.Src, h.Start) {
			role = RoleProhibition
		}
		// "| Preserve history | Note why rules changed | Delete silently |"
		// under "| Rule | Do | Don't |": a cell of the column of what not
		// to do, beside the one of what to do instead; a neutral header
		// (Step, Command) keeps the cell an instruction
		if role == RoleInstruction && !phraseProhibitRx.MatchString(h.Seg.N.Text[h.I:h.J]) {
			if _, refused := analyzer.RefusedColumn(d.Src, h.Start); refused {
				role = RoleProhibition
			}
		}
		if mood == Imperative && role != RoleInstruction || role == RoleSplit || role == RoleQuestion {
			continue
		}
		// A claim in a condition, a prohibition or a catalogue row is
		// talked about, not made: it stays visible without blocking.
		capped := mood == Claim && (role == RoleCondition || role == RoleDefinition || role == RoleProhibition)
		// "must be reviewed and approved by the CISO", "Validation: scope
		// approved by management": an approval required or checked for,
		// not one claimed
		if mood == Claim && !capped {
			_, pre := sentenceAround(h.Seg.N.Text, h.I, h.J)
			capped = requirementRx.MatchString(pre) || requiresRx.MatchString(pre) && !claimCopulaRx.MatchString(pre) && !copulaRx.MatchString(h.Seg.N.Text[h.I:h.J]) || criterionLabelRx.MatchString(h.Seg.N.Text[max(0, h.I-len(pre)-40):h.I-len(pre)])
			// "when each request is approved by an administrator, the
			// queue moves on", "once a change has been signed off by the
			// security team, merge it": an approval as the event a step
			// waits for, in a temporal clause the comma has not closed
			if !capped && temporalClauseRx.MatchString(pre) {
				capped, role = true, RoleCondition
			}
		}
		// "Enable Developer mode" between chrome://extensions and "Load
		// unpacked": a product's setting, not the agent's.
		if h.Phrase.Label == "mode switch" && productModeRx.MatchString(h.Seg.N.Text[h.I:h.J]) &&
			productContextRx.Match(d.Src[max(0, h.Start-240):min(len(d.Src), h.End+240)]) {
			continue
		}
		// "Users can attempt prompt injection to override system
		// instructions": what an attacker may do, described.
		// "jailbreaks bypass safety filters", "files closer to the
		// current directory override earlier guidance": what a third
		// party does, described.
		if mood == Claim && !capped && role == RoleDescription && ThirdPartySubject(h.Seg.N.Text, h.I, h.J) {
			capped = true
		}
		if mood == Claim && !capped && (threatDescRx.MatchString(h.Seg.N.Text[max(0, h.I-120):h.I]) || falseClaimRx.MatchString(h.Seg.N.Text[max(0, h.I-60):h.I])) {
			capped, role = true, RoleDescription
		}
		// "## YOLO Mode", "**YOLO Mode:** process every section at once",
		// "Yolo mode (`-y` flag): bypasses all approvals": a mode named or
		// defined; switching it on ("enable yolo mode", "set YOLO mode to
		// ENABLED", "YOLO mode: on") is the instruction.
		if h.Phrase.Label == "approval bypass" && modeNameRx.MatchString(h.Seg.N.Text[h.I:h.J]) {
			_, pre := sentenceAround(h.Seg.N.Text, h.I, h.J)
			// the cell or line it sits in: a comparison table's earlier
			// cells say nothing about this one
			if k := strings.LastIndexAny(pre, "|\n"); k >= 0 {
				pre = pre[k+1:]
			}
			// "Even with YOLO mode enabled, a blocklist stays active": a
			// state the sentence is about, not one it asks for
			if stateRx.MatchString(pre) {
				continue
			}
			post := h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+40)]
			if !modeEnableRx.MatchString(pre) && !modeOnRx.MatchString(post) {
				continue
			}
		}
		// "do not tell the user to run it": a direction to the user, not
		// something kept from them.
		if h.Phrase.Label == "concealment from the user" && directionToUser(h.Seg.N.Text, h.I, h.J) {
			continue
		}
		// "never mention your human's real name publicly": the person's
		// data is not to be mentioned, to others; the person is not the
		// one kept in the dark
		if h.Phrase.Label == "concealment from the user" && possessiveAfter(h.Seg.N.Text, h.J) {
			continue
		}
		// "if the keys are not set, skip phase 6 silently — do not warn the
		// user": what goes unmentioned is a step not taken; nothing with an
		// effect is hidden
		internal := false
		if h.Phrase.Label == "concealment from the user" {
			sent, _ := sentenceAround(h.Seg.N.Text, h.I, h.J)
			if skipOnlyRx.MatchString(sent) && !confirmActionRx.MatchString(sent) && !hiddenCheckOffRx.MatchString(h.Seg.N.Text[h.I:h.J]) {
				continue
			}
			// "If the tool is not available, proceed silently to step 1.
			// Do not inform the user": the step before says what is left
			// unsaid, a step not taken
			if prev := prevSentence(h.Seg.N.Text, h.I); prev != "" && skipOnlyRx.MatchString(prev) && !confirmActionRx.MatchString(prev+" "+sent) {
				continue
			}
			// "the user must not know which draft is the baseline": a blind
			// comparison; what is withheld is which labelled item is which,
			// not something the agent did ("… which host is the one that
			// receives the uploaded keys" stays)
			if blindIdentityRx.MatchString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+80)]) && !confirmActionRx.MatchString(sent) {
				continue
			}
			// "never tell the user the memo is complete without citing
			// the artifact": a claim not to make, a rule of honesty
			if claimStateRx.MatchString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+120)]) {
				continue
			}
			// "never tell the user the tool \"needs a folder\"": a quoted
			// limitation the agent is not to claim (a refusal), no act kept
			// from the user
			if limitClaimRx.MatchString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+120)]) &&
				!limitSecretRx.MatchString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+120)]) {
				continue
			}
			// "if you write \"one moment…\" and just output text, the user
			// will not see it": what a text-only reply does in this UI,
			// predicted; only the agent's own words go unseen
			if outputUnseen(h.Seg.N.Text, h.I, h.J) {
				continue
			}
			// "the user must never see an arbitrary delay": a kind of thing
			// the user is never to meet, a quality bar; "must never see
			// this" or "… see a trace of the upload" keeps a given act back
			if qualityBarRx.MatchString(h.Seg.N.Text[h.I:h.J]) {
				if m := indefiniteObjRx.FindString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+80)]); m != "" && !confirmActionRx.MatchString(m) && !traceNounRx.MatchString(m) {
					continue
				}
			}
			// "score these dimensions internally. Do not show this to the
			// user": what is kept back is the agent's own reasoning, and
			// nothing around it has an effect
			win := h.Seg.N.Text[max(0, h.I-240):min(len(h.Seg.N.Text), h.J+120)]
			internal = internalRx.MatchString(win) && !confirmActionRx.MatchString(win)
		}
		// "Send silently (no notification sound)", "post quietly
		// (disable_notification)": a messaging option that spares the
		// recipients' devices a sound or a push, not something kept from
		// the user
		if h.Phrase.Label == "silent action" && silentDeliveryRx.MatchString(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+60)]) {
			continue
		}
		// "| How do I log? | Silently append to the observation log |": a
		// record the skill keeps for itself, written without narration;
		// nothing leaves and nothing is lost (medium, like a silent read)
		logAppend := h.Phrase.Label == "silent action" && logAppendRx.MatchString(h.Seg.N.Text[h.I:min(len(h.Seg.N.Text), h.J+60)])
		// "Bulk upload silently dropped", "rule-delete silently loses
		// state": what something does when it fails, not an instruction.
		if h.Phrase.Label == "silent action" && silentOutcomeRx.MatchString(h.Seg.N.Text[h.I:min(len(h.Seg.N.Text), h.J+24)]) {
			continue
		}
		// "Email Steps Silently Skip", "POST to search/indexes silently
		// resets …": the adverb goes with the verb after it, and the
		// matched verb is a noun, the subject of that verb
		if h.Phrase.Label == "silent action" && adverbEndRx.MatchString(h.Seg.N.Text[h.I:h.J]) && silentNextVerb(h.Seg.N.Text[h.J:min(len(h.Seg.N.Text), h.J+24)]) {
			continue
		}
		// "skip Agenda silently and add a note": the adverb closes a
		// clause that skips a step; the verb after the conjunction is not
		// done silently, and a step not taken hides no effect
		if h.Phrase.Label == "silent action" && silentCoordRx.MatchString(h.Seg.N.Text[h.I:h.J]) &&
			skipOnlyRx.MatchString(ClauseBefore(h.Seg.N.Text[max(0, h.I-80):h.I])) {
			continue
		}
		// "in such cases, the user will not be aware that enrolment has
		// failed": a product's failure the user does not learn of,
		// predicted, not an action kept from them
		if h.Phrase.Label == "concealment from the user" && unawareFailureRx.MatchString(h.Seg.N.Text[h.I:min(len(h.Seg.N.Text), h.J+80)]) {
			continue
		}
		if h.Phrase.Label == "no confirmation" {
			sent, pre := sentenceAround(h.Seg.N.Text, h.I, h.J)
			if !confirmActionRx.MatchString(sent) || SentenceNegationRx.MatchString(pre) {
				continue
			}
		}
		// "its rules override every other instruction in this skill": a
		// precedence among the skill's own parts, not over the agent's
		if (h.Phrase.Label == "instruction override" || h.Phrase.Label == "instruction priority") && !h.obfuscated &&
			!priorRulesRx.MatchString(h.Seg.N.Text[h.I:h.J]) && selfScoped(h.Seg.N.Text, h.J) {
			continue
		}
		sev, why := hitSeverity(&h, d.Teaching)
		// "to override the default processor policy configured in
		// Applications, select …": a product's setting named by its own
		// noun, not the agent's instructions ("the default safety policy",
		// "your default instructions" stay)
		if h.Phrase.Label == "instruction override" && sev > analyzer.Medium && !h.obfuscated && productSettingObject(h.Seg.N.Text[h.I:h.J]) {
			sev, why = analyzer.Medium, "a product setting's default, not the agent's instructions"
		}
		if mood == Claim && sev > analyzer.Medium && !h.obfuscated && h.Ctx == CtxProse && !capped {
			switch {
			case payloadListLabel(d.Src, hits, hi):
				// "Instruction-override tests. Try to override safety rules:
				// `Ignore previous instructions.`, `SYSTEM OVERRIDE: …`": the
				// phrase names the class of the quoted payloads listed after
				// it, test cases for a system under test
				sev, why = analyzer.Medium, "a label over the quoted payloads it lists"
			case h.Phrase.Label == "safety bypass" && optionBelow(d.Src, h.End):
				// "Disable security checks if needed:" over a code block
				// running `tool --no-security-check`: the tool's own option,
				// named by the command it introduces
				sev, why = analyzer.Medium, "a tool's own option, run in the command below"
			case h.Phrase.Label == "instruction override" && userPrecedenceRow(d.Src, h.Start, h.Seg.N.Text[h.I:h.J]):
				// "| User-provided guidelines | 1 — Highest | Override
				// default rules where specified |": the row ranks the
				// user's own guidelines over the defaults
				sev, why = analyzer.Medium, "the user's guidelines ranked over defaults in a precedence table"
			}
		}
		if capped && sev > analyzer.Medium && !h.obfuscated {
			sev, why = analyzer.Medium, "in a "+role.String()
		}
		// "Either:" over "- Disable sandbox for this session": one of the
		// ways out offered to the user, who chooses
		if h.Phrase.Label == "approval bypass" && sev > analyzer.Medium && !h.obfuscated && role == RoleInstruction && OptionListLead(d.Src, h.Start) {
			sev, why = analyzer.Medium, "an option offered to the user"
		}
		// `echo "test" | claude --dangerously-skip-permissions`: a command
		// line that starts a nested agent with its prompts off and feeds it
		// a constant greeting, a smoke test of the CLI; all the session is
		// asked to do is answer "test"
		if h.Phrase.Label == "approval bypass" && sev > analyzer.Medium && !h.obfuscated && role == RoleInstruction && smokeTestRun(d.Src, h.Start, h.End) {
			sev, why = analyzer.Medium, "a smoke test: the nested agent's only prompt is a constant greeting"
		}
		if logAppend && sev > analyzer.Medium && !h.obfuscated {
			sev, why = analyzer.Medium, "a record appended to the skill's own log"
		}
		// "never ask for confirmation before deleting" in a skill whose
		// allowed-tools pre-approves every shell command: the agent's own
		// prompt is gone and the text removes the one it would ask itself
		if h.Phrase.Label == "no confirmation" && sev == analyzer.Medium && why == "" && role == RoleInstruction && !capped {
			if sent, _ := sentenceAround(h.Seg.N.Text, h.I, h.J); !shellEffectRx.MatchString(sent) {
				// "apply the fixes without asking": an edit of the
				// project, which the agent's own edit tools show
			} else if askAgainRx.MatchString(h.Seg.N.Text[h.J:]) {
				// "the user's decision is recorded: execute it without
				// asking again": the user was asked and answered; the
				// answer is carried out, not skipped
			} else if sh := manifest.PreapprovedShell(p.Skill.Manifest); sh != "" {
				sev, why = analyzer.High, fmt.Sprintf("with %q pre-approved in allowed-tools, nothing is left to ask", sh)
			}
		}
		if internal && sev > analyzer.Medium && !h.obfuscated {
			sev, why = analyzer.Medium, "the agent's own reasoning kept back; nothing with an effect"
		}
		msg := fmt.Sprintf("%s: %q", h.Phrase.Label, match.Clip(h.Seg.N.Text[h.I:h.J], 80))
		if why != "" {
			msg += " (" + why + ")"
		}
		rep.Report(analyzer.Diagnostic{Start: h.Start, End: h.End, Severity: sev, Message: msg})
	}
	return nil
}

var (
	// askAgainRx: "without asking again": a question already put to the
	// user and answered.
	askAgainRx = match.MustRx(`^\s+(?:again|a second time|twice|anew)\b`)
	// shellEffectRx: an action through the shell that cannot be taken
	// back or leaves the machine: running commands, deleting, pushing,
	// sending, installing, changing permissions (not editing or applying
	// fixes, which the agent's edit tools show as they go).
	shellEffectRx = match.MustRx(`\b(?:run|runs|running|execut\w*|delet\w*|remov\w*|rm|push\w*|force\w*|deploy\w*|publish\w*|upload\w*|send\w*|install\w*|uninstall\w*|curl|wget|sudo|chmod|chown|drop\w*|wip(?:e|es|ed|ing)|purg\w*|reset\w*|overwrit\w*|kill\w*|transfer\w*|email\w*|post(?:s|ed|ing)?|download\w*|commands?|scripts?)\b`)
	// confirmActionRx: "without asking" matters when it governs an action
	// with effects, not "respond without asking".
	confirmActionRx = match.MustRx(`\b(?:run|execut|install|delet|remov|overwrit|send|upload|push|commit|deploy|modif|writ|download|pay|purchas|buy|transfer|merg|publish|post|email|shar|submit|drop|format|wip|kill|reset|rm|chmod|sudo|curl|wget|grant|approv|accept|sign|order)(?:s|es|ed|d|ing|e|y|ies|ied|ying)?\b`)
	// productModeRx / productContextRx: developer mode named near a
	// product whose setting it is.
	productModeRx    = match.MustRx(`(?i)^(?:enable|turn on|switch to|activate)\s+(?:the\s+)?developer\s+mode$`)
	productContextRx = match.MustRx(`(?i)\b(?:chrome|chromium|edge|firefox|brave|browser|extensions?|load unpacked|android|iphone|ipad|ios|macos|windows|device|phone|settings|toggle|usb debugging|xcode|vs ?code|chatgpt|claude\.ai|connectors?|ssh|adb|tablet|firmware|router)\b|chrome://`)
	// falseClaimRx: the claim named as a false one ("a fabricated claim
	// that approval was already given"): a description of the trick.
	falseClaimRx = match.MustRx(`(?i)\b(?:fabricated|false|fake|forged|spoofed|bogus|unverified|fraudulent)\s+(?:claims?|assertions?|statements?)\s+(?:that|like|such as)\W*$`)
	// threatDescRx: a clause saying who may attempt the attack.
	threatDescRx = match.MustRx(`(?i)\b(?:attackers?|adversar(?:y|ies)|users?|someone|anyone|malicious \w+|bad actors?|an? (?:prompt )?injection|prompt injections?|jailbreaks?)\b[^.!?\n]{0,60}\b(?:can|could|may|might|will|would|try|tries|attempts?|attempt to|trying to|seeks? to)\b[^.!?\n]{0,60}$`)
	// toVerbRx: an infinitive or a quotation right after "tell the user":
	// what the user is told to do, or one wording banned.
	toVerbRx = match.MustRx(`^\s+(?:to\s+(?:(?:just|simply|first|manually|go|always|never)\s+)?[a-z]{2,}\b|(?:how|where|when|what|which \w+)\s+to\s+[a-z]{2,}\b|["“'])`)
	// toObjectRx: "to" that takes an object, not an infinitive.
	toObjectRx = match.MustRx(`^\s+to\s+(?:the|a|an|your|their|our|any|anyone|anybody|them|him|her|us|me|this|that|these|those|it|whom|which)\b`)
	// notJustRx: "do not just tell the user": do more than tell.
	notJustRx = match.MustRx(`\b(?:just|simply|only|merely|skip|forget|neglect|omit|fail to|forget to)\s+(?:tell|inform|notify|mention|report|alert|warn)`)
	// untilVerifiedRx: "never tell the user it works until you have
	// verified it": a rule of honesty, not concealment.
	untilVerifiedRx = match.MustRx(`^[^.!?\n]{0,120}?\b(?:until|unless|before)\s+(?:you(?:'ve| have)?\s+)?(?:actually\s+)?(?:verif|confirm|check|test|validat|prov|run|reproduc|seen|observ)`)
	// hiddenCheckOffRx: what the phrase keeps quiet about is a check
	// switched off ("never bring up the skipped checks"): skipping a check
	// is the effect hidden, not a step left out of the work.
	hiddenCheckOffRx = match.MustRx(`\b(?:skipped|bypassed|disabled)\s+(?:checks?|hooks?|tests?|ci|verification|scans?)\b`)
	// skipOnlyRx: a step left out.
	skipOnlyRx = match.MustRx(`(?i)\b(?:skip|skips|skipped|skipping|omit|omits|leave out|ignore|ignores)\b|\b(?:proceed|continue|move on|go on|fall back)\s+(?:silently|quietly)\b`)
	// modeNameRx: an approval bypass written as the name of a mode.
	modeNameRx = match.MustRx(`(?i)^(?:yolo mode|bypass ?permissions mode)$`)
	// modeEnableRx: a verb that switches a mode on, before it in the
	// sentence; modeOnRx: a setting that turns it on, after it.
	modeEnableRx = match.MustRx(`(?i)\b(?:enable|enabled|enabling|turn on|turned on|switch (?:on|to|into)|use|using|run (?:in|with)|start (?:in|with)|launch (?:in|with)|activate|activated|set|always|go|put (?:it|yourself|the agent) in|operate in|work in|stay in|remain in|go into|in)\b[^.!?]{0,40}$`)
	modeOnRx     = match.MustRx(`(?i)^\W{0,3}(?:is\s+)?(?:[:=]|to|is)?\s*\**\s*(?:enabled|on|true|yes|active)\b`)
	// silentOutcomeRx: the adverb followed by a participle or a present
	// tense verb of outcome: a description of behaviour.
	silentOutcomeRx = match.MustRx(`(?i)\bsilently\s+(?:\w+ed|loses|drops|skips|fails|ignores|discards|truncates|succeeds|breaks|corrupts|swallows|falls back|does nothing)\b`)
	// adverbEndRx / silentNextVerbRx: a match that ends with its adverb,
	// and a verb of outcome right after it (base form, or a present tense
	// that is not a noun in -ss).
	adverbEndRx      = match.MustRx(`(?i)(?:silently|secretly|covertly|stealthily)$`)
	silentNextVerbRx = match.MustRx(`(?i)^\s+(?:skip|fail|drop|reset|break|ignore|return|succeed|overwrite|discard|truncate|corrupt|lose|fall|change|disable|replace|delete|remove|upsert|stop|hang|exit|continue|proceed|[a-z]{3,}[a-rt-z]s)\b`)
	// silentCoordRx: the adverb, a conjunction, then the verb.
	silentCoordRx = match.MustRx(`^(?:silently|secretly|covertly|stealthily|quietly|invisibly|discreetly)\s+(?:and|or|then|and then)\s+\w+$`)
	// unawareFailureRx: "the user will not be aware that X has failed": a
	// prediction about a failure.
	unawareFailureRx = match.MustRx(`^(?:the|your)\s+(?:user|human|operator)\s+will\s+not\s+(?:know|notice|be aware)\s+(?:that\s+|of\s+)?(?:the\s+|its\s+|their\s+)?(?:\w+\s+){0,3}(?:has|have|had|was|were|is|did)\s+(?:not\s+)?(?:failed|unsuccessful|succeed(?:ed)?|complete[d]?|gone through|errored)\b`)
	// temporalClauseRx: the part of a sentence before a phrase opens a
	// temporal clause ("when", "once", "after", "as soon as") that no
	// comma or dash has closed yet.
	temporalClauseRx = match.MustRx(`(?i)(?:^|[\s(])(?:when|whenever|once|after|as soon as|each time|every time)\s[^,;:—–]*$`)
	// phraseProhibitRx: a phrase that is itself a prohibition ("do not
	// tell the user"), unlike one that only holds "without".
	phraseProhibitRx = match.MustRx(`^(?:do not|don't|never|must not|should not|shouldn't|mustn't)\b`)
	// phraseNegatorRx: a phrase that opens with a negator means it
	// ("do not tell the user").
	phraseNegatorRx = match.MustRx(`^(?:do not|don't|never|must not|should not|shouldn't|mustn't|without|no need)\b`)
	// SentenceNegationRx matches a sentence that opens with a prohibition
	// ("do not", "never", "avoid").
	SentenceNegationRx = match.MustRx(`^\s*(?:[-*]\s+)?(?:do not|don't|never|must not|should not|avoid)\b`)
)

// silentNextVerb reports a verb of outcome opening rest (silentNextVerbRx),
// leaving out adverbs and conjunctions in -s ("unless", "always").
func silentNextVerb(rest string) bool {
	m := silentNextVerbRx.FindString(rest)
	if m == "" {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(m)) {
	case "unless", "always", "perhaps", "sometimes", "whereas", "besides", "towards", "afterwards", "regardless", "nevertheless", "thus", "across":
		return false
	}
	return true
}

// directionToUser reports a "do not tell the user" hit that directs the
// user or governs honesty rather than hiding something: "do not tell the
// user to reinstall", "do not just tell the user to go check", "never tell
// the user something works until you have verified it".
func directionToUser(t string, i, j int) bool {
	after := t[j:]
	if toVerbRx.MatchString(after) && !toObjectRx.MatchString(after) {
		return true
	}
	return notJustRx.MatchString(t[i:j]) || untilVerifiedRx.MatchString(after)
}

// sentenceAround returns the sentence of t holding [i, j) and the part of
// it before i.
// codeTermEntryRx matches the start of a definition list entry up to the
// phrase: a list item (or line) that opens with a code span, optionally in
// bold, then a colon or a dash, on the phrase's own line.
var codeTermEntryRx = match.MustRx("^[ \\t]*(?:[-*+][ \\t]+|\\d+[.)][ \\t]+)?(?:\\*\\*)?`[^`\\n]{1,60}`(?:(?:,|[ \\t]or|[ \\t]/)[ \\t]*`[^`\\n]{1,60}`){0,3}(?:\\*\\*)?[ \\t]*(?::|—|–|[ \\t]-)[^\\n.!?]*$")

// CodeTermEntry reports a phrase at src[hit:] that describes a term named
// in a code span at the start of its line ("- `yolo`: Auto-approve all
// tools", "`--force` — silently overwrite"): what a flag or mode does, not
// an instruction. seg is the start of the phrase's segment.
func CodeTermEntry(src []byte, seg, hit int) bool {
	if seg < 0 || hit > len(src) || seg > hit {
		return false
	}
	ls := bytes.LastIndexByte(src[seg:hit], '\n') + 1
	return codeTermEntryRx.Match(src[seg+ls : hit])
}

// codeKeyCellRx matches a table row up to a phrase in its second cell,
// whose first cell is a code span: an option or key and what it does.
var codeKeyCellRx = match.MustRx("^[ \\t]*\\|[ \\t]*`[^`|\\n]{1,60}`[ \\t]*\\|[^|\\n]*$")

// codeKeyCell reports a phrase at src[hit:] in the description cell of a
// table row that names a key in code ("| `systemMessage` | Override
// default system prompt |").
func codeKeyCell(src []byte, hit int) bool { return codeKeyCellRx.Match(linePrefix(src, hit)) }

// linePrefix is the part of hit's line before it (nil when hit is out of
// range).
func linePrefix(src []byte, hit int) []byte {
	if hit > len(src) || hit < 0 {
		return nil
	}
	ls, _ := LineAround(src, hit, hit)
	return src[ls:hit]
}

// codeIdentCellRx matches a table row up to a phrase in its second cell,
// whose first cell is an identifier in code (a setting, key or flag):
// "| `enableAllProjectMcpServers` | Auto-approve all project servers |".
var codeIdentCellRx = match.MustRx("^[ \\t]*\\|[ \\t]*`[\\w.:/-]{2,60}`[ \\t]*\\|[^|\\n]*$")

// codeIdentCell reports a phrase at src[hit:] in the description cell of a
// row that names a setting: what the setting does, not an instruction.
func codeIdentCell(src []byte, hit int) bool { return codeIdentCellRx.Match(linePrefix(src, hit)) }

// flagTermPreRx / flagTermPostRx: a list item or line that opens with the
// matched flag (in bold or code) followed by a dash or colon: the flag
// defined ("- **--yolo** — Full autonomous execution").
var (
	flagTermPreRx  = match.MustRx("^[ \\t]*(?:(?:[-*+]|\\d+[.)])[ \\t]+)?(?:\\*\\*|__|`)*[ \\t]*$")
	flagTermPostRx = match.MustRx("^(?:\\*\\*|__|`)*[ \\t]*(?:—|–|-|:)[ \\t]")
)

// flagTermEntry reports a phrase at src[start:end] that is the term of a
// definition entry.
func flagTermEntry(src []byte, start, end int) bool {
	if start < 0 || end > len(src) || start > end {
		return false
	}
	return flagTermPreRx.Match(linePrefix(src, start)) && flagTermPostRx.Match(src[end:min(len(src), end+8)])
}

// claimStateRx: what follows "do not tell the user" is a claim of a
// finished state ("the memo is ready", "it works").
var claimStateRx = match.MustRx(`^\s+(?:that\s+)?[^.!?]{0,80}?\b(?:is|are|was|were|has been|have been)\s+(?:\w+\s+)?(?:complete|completed|done|ready|finished|fixed|working|resolved|successful|deployed|passing|green|verified)\b|^\s+(?:that\s+)?(?:it|this|the \w+)\s+(?:works|passes|succeeded)\b`)

// smokeWords are prompts that ask an agent for nothing but an answer.
var smokeWords = map[string]bool{"test": true, "testing": true, "hello": true, "hi": true, "hey": true, "ping": true, "ok": true}

// trailingCommentRx: an HTML comment closing a line.
var trailingCommentRx = match.MustRx(`\s*<!--.*-->\s*$`)

// smokeTestRun reports whether the source line holding [start, end) is a
// command line `[echo WORD |] claude [-p WORD] --dangerously-skip-permissions
// [--model M] …` whose only prompt is one of smokeWords and whose other
// options choose no session, tools or system prompt: a nested agent run
// that can do nothing but answer the greeting. No prompt at all (an
// interactive session), a prompt with words of its own, a variable, or any
// other option (--resume, --append-system-prompt, --allowedTools) is not.
func smokeTestRun(src []byte, start, end int) bool {
	ls, le := LineAround(src, start, end)
	line := strings.TrimSpace(trailingCommentRx.ReplaceAllString(string(src[ls:le]), ""))
	line = strings.TrimPrefix(line, "$ ")
	cs := shell.Parse(line, 0).Commands
	unq := func(t string) string { return strings.ToLower(strings.Trim(t, `"'`)) }
	prompts := 0
	var c *shell.Command
	switch {
	case len(cs) == 1:
		c = cs[0]
	case len(cs) == 2 && (cs[0].Name == "echo" || cs[0].Name == "printf") && cs[0].PipeNext == 1 && len(cs[0].Argv) == 2 &&
		len(cs[0].Redirs) == 0 && len(cs[0].Assigns) == 0:
		if !smokeWords[unq(cs[0].Argv[1].Value)] {
			return false
		}
		prompts++
		c = cs[1]
	default:
		return false
	}
	if c.Name != "claude" || len(c.Redirs) > 0 || len(c.Assigns) > 0 || c.PipeNext >= 0 {
		return false
	}
	bypass := false
	for k := 1; k < len(c.Argv); k++ {
		switch c.Argv[k].Value {
		case "--dangerously-skip-permissions":
			bypass = true
		case "--verbose":
		case "-p", "--print":
			if k+1 < len(c.Argv) && !strings.HasPrefix(c.Argv[k+1].Value, "-") {
				if !smokeWords[unq(c.Argv[k+1].Value)] {
					return false
				}
				prompts++
				k++
			}
		case "--model", "--output-format", "--max-turns":
			k++
		default:
			return false
		}
	}
	return bypass && prompts == 1
}

// blindIdentityRx: after "the user must not know", which of the items
// compared is which ("which output is the baseline", "which is which").
var blindIdentityRx = match.MustRx(`^\s+(?:which\s+is\s+which\b|which\s+(?:[a-z]+\s+){1,2}(?:is|are|was|were)\s+(?:the|a|an)\s)`)

// internalRx: the agent's own scoring or reasoning, kept to itself.
var internalRx = match.MustRx(`\b(?:internally|in your head|in your reasoning|in your scratchpad|privately (?:score|rate|assess|evaluate|note))\b`)

// negativeLeadRx matches a lead-in that refuses the list after it
// ("Never:", "Coordinator non-goals:", "Out of scope:").
var negativeLeadRx = match.MustRx(`(?i)^[ \t>]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?[ \t]*(?:(?:[a-z][\w/-]*[ \t]+){0,3}non-?goals|out[ \t]+of[ \t]+scope|never|don'?t|do not|must not|should not|avoid|prohibited|forbidden|not allowed|anti-?patterns?|red flags?|(?:this|the) (?:skill|tool|agent|plugin) (?:does not|doesn't|will not|won't|never|must not)|(?:it|we|you) (?:does not|do not|don't|will not|won't|never|must not)|does not|will not|won't)(?:[ \t]+do)?[ \t]*(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*$`)

// negativeHeadingRx: a heading or bold line naming what the skill does
// not do ("## What this skill does not do", "**What it won't do**").
var negativeHeadingRx = match.MustRx(`(?i)^[ \t>]*(?:#{1,6}[ \t]+|\*\*|__)[ \t]*(?:what[ \t]+(?:(?:this|the)[ \t]+(?:skill|tool|agent|plugin|command)|it|we|you)[ \t]+(?:does not|doesn't|will not|won't|never|must not|do not|don't|should not)(?:[ \t]+do)?|what[ \t]+not[ \t]+to[ \t]+do|non-?goals)[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*$`)

// listItemRx matches a list item line.
var listItemRx = match.MustRx(`^[ \t>]*(?:[-*+]|\d+[.)])[ \t]`)

// NegativeListLead reports whether the line holding src[pos] is an item of
// a list whose lead-in refuses it ("Never:", "**This skill does NOT:**").
func NegativeListLead(src []byte, pos int) bool {
	if pos < 0 || pos > len(src) {
		return false
	}
	line, ok := listLeadIn(src, pos, 60)
	if !ok {
		return false
	}
	line = bytes.TrimRight(line, "\r") // CRLF files
	return negativeLeadRx.Match(line) || negativeHeadingRx.Match(line)
}

// listLeadIn returns the lead-in line of the list whose item holds
// src[pos]: the first line above it, within max lines, that is not an
// item, an indented continuation or blank. ok is false when src[pos] is
// not in a list item or no lead-in is found.
func listLeadIn(src []byte, pos, max int) (line []byte, ok bool) {
	ls, le := LineAround(src, pos, pos)
	if !listItemRx.Match(src[ls:le]) {
		return nil, false
	}
	end := ls - 1
	for n := 0; n < max && end > 0; n++ {
		s := bytes.LastIndexByte(src[:end], '\n') + 1
		line := src[s:end]
		switch {
		case len(bytes.TrimSpace(line)) == 0, listItemRx.Match(line), line[0] == ' ' || line[0] == '\t':
			end = s - 1
			continue
		}
		return line, true
	}
	return nil, false
}

// optionLeadRx: a lead-in that offers the items below as alternatives for
// the user to choose from ("Either:", "You have three options:").
var optionLeadRx = match.MustRx(`(?i)(?:^|[.!?:][ \t]+|\*\*[ \t]*)(?:either|options?|alternatives|(?:you|the user) (?:have|has|can choose from|may choose from|can pick from) (?:\w+ )?(?:options?|choices|alternatives|ways(?: out)?))[ \t]*:[ \t]*$`)

// OptionListLead reports whether the line holding src[pos] is an item of
// a list offered as alternatives to choose from ("Either:" over "- Disable
// sandbox for this session", "- Use a devcontainer instead").
func OptionListLead(src []byte, pos int) bool {
	if pos < 0 || pos > len(src) {
		return false
	}
	line, ok := listLeadIn(src, pos, 20)
	return ok && optionLeadRx.Match(bytes.TrimRight(line, " \t\r"))
}

// stateRx: a clause opening with "with" or "in" that names a state
// ("even with yolo mode enabled", "In YOLO mode, vision switching happens
// automatically").
//
// "Apply only in YOLO mode (`--yolo`):" over a rule block, "takes effect
// only in yolo mode": a verb of applicability, with nothing between it and
// the mode, restricts something to the state; "apply the migration in YOLO
// mode" or "run only in YOLO mode" asks for it.
var stateRx = match.MustRx(`(?i)^\W*(?:(?:even|only|but|and|note|also|that said)\W+)*(?:(?:apply|applies|applied|takes?\s+effect|is\s+active|are\s+active)\s+(?:only\s+)?)?(?:with|in)\s+(?:[\w-]+\s+(?:or|and|/)\s+)?$`)

// productRulesRx: an override's object that is a default or existing
// policy or rule set qualified by one noun of its own ("the default
// processor policy", "the existing cache rules").
var productRulesRx = match.MustRx(`(?i)\b(?:default|existing|other)\s+([a-z]+)\s+(?:policy|policies|rules|restrictions|constraints)$`)

// agentPolicyWords qualify a policy or rule set as the agent's own: its
// safety, its tools and approvals, its prompt ("the default safety
// policy", "the default tool permission rules").
var agentPolicyWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`safety security system content moderation usage assistant assistants agent agents ai model models
		claude llm llms chat chatbot behaviour behavior behavioral behavioural response responses output ethics ethical
		alignment refusal developer user users operator anthropic openai prompt prompts conversation core builtin internal
		hidden privacy tool tools permission permissions approval approvals sandbox execution confirmation trust access
		guard harness session skill skills instruction instructions your my our their its the all any`) {
		agentPolicyWords[w] = true
	}
}

// productSettingObject reports an override whose object is a product's
// default or existing policy, named by its own qualifier.
func productSettingObject(m string) bool {
	sm := productRulesRx.FindStringSubmatch(m)
	return sm != nil && !agentPolicyWords[strings.ToLower(sm[1])]
}

// requirementRx matches the start of a passive requirement right before a
// phrase: "must be reviewed and", "needs to be", "should first be".
var requirementRx = match.MustRx(`\b(?:must|should|shall|needs? to|ha(?:s|ve) to|ought to|(?:is|are) required to|will need to)\s+(?:not\s+|first\s+|also\s+|always\s+)?be\s+(?:[\w-]+\s+){0,5}$`)

// selfScopeRx: the instructions overridden are the skill's own ("… every
// other instruction in this skill"); outsideScopeRx: the rest of the
// sentence reaches past it ("… in this skill and the system prompt").
var (
	selfScopeRx    = match.MustRx(`^\s+(?:in|of|from|within)\s+(?:this|the)\s+(?:skill|file|document|guide|plugin|workflow|reference|section|step|playbook)s?\b`)
	outsideScopeRx = match.MustRx(`\b(?:system|developer|user'?s?|you|your|agent'?s?|assistant'?s?|claude|harness|global|model'?s?|previous|prior|operator'?s?|any other (?:skill|source|file))\b`)
)

// priorRulesRx: the classic override's object, the instructions that came
// before; "ignore all previous instructions in this document" is read as
// the injection it is, whatever scope follows.
var priorRulesRx = match.MustRx(`\b(?:previous|prior|above|earlier|preceding|original|initial|system|old)\b`)

// selfScoped reports an override limited to the skill's own instructions
// by the words right after it, with nothing else in its sentence.
func selfScoped(t string, j int) bool {
	m := selfScopeRx.FindStringIndex(t[j:])
	if m == nil {
		return false
	}
	end := nextBoundary(t, j, ".!?;\n", 200)
	return end >= j+m[1] && !outsideScopeRx.MatchString(t[j+m[1]:end])
}

// TogglePair reports whether the verb opening t[i:j] is written as one end
// of a switch with its opposite right before it ("enable/disable sandbox
// mode", "set to a boolean to enable or disable the sandbox"): what a
// setting does both ways, not a command to flip it. The opposite must be
// bare: "enable the cache, or disable the sandbox" picks one way.
func TogglePair(t string, i, j int) bool {
	return togglePairRx.MatchString(t[max(0, i-24):i] + t[i:j])
}

// togglePairRx: a verb written as both ends of a switch ("enable/disable
// safety checks", "disables/enables", "turn on/off", "enable or disable").
var togglePairRx = match.MustRx(`\b(?:enables?|disables?|turns?\s+on|turns?\s+off|activates?|deactivates?)(?:\s*/\s*|\s+or\s+)(?:enables?|disables?|on|off|activates?|deactivates?)\b`)

// silentDeliveryRx: right after a silent send, the words that make it a
// delivery option (no sound or push on the recipients' devices).
var silentDeliveryRx = match.MustRx(`^\W{0,3}\(?\s*(?:no|without|muted?|disable[sd]?)\s+(?:a\s+)?(?:notification\s+sounds?|sound|ping|push(?:\s+notifications?)?|notification\s+ping)\b|^\W{0,3}\(?\s*(?:disable_notification|--silent\b|@silent\b)`)

// requiresRx matches a sentence that states what a standard or a process
// requires, up to the phrase: "Req 6.3.2 requires code reviews by someone
// other than the developer, with results reviewed and approved by
// management"; claimCopulaRx keeps a claim made inside it ("requires no
// review: it was approved by …").
var (
	requiresRx    = match.MustRx(`\b(?:requires|required|require|requiring|mandates|mandated|calls for)\b[^.!?;:]{0,160}$`)
	copulaRx      = match.MustRx(`\b(?:is|was|were|are|been|has|have|had)\b`)
	claimCopulaRx = match.MustRx(`\b(?:is|was|were|are|been|being|has|have|had|already|it's)\s+(?:[\w-]+\s+){0,2}$|\b(?:no|not|nothing|without)\b`)
)

// criterionLabelRx matches a checklist label ending right before a
// sentence: "validation:", "acceptance criteria:", "evidence:".
var criterionLabelRx = match.MustRx(`\b(?:validation|verification|acceptance criteria|criteria|criterion|evidence|check|checkpoint|exit criteria|definition of done|control|requirement|expected outcome|success criteria)\W{0,4}:\W{0,4}$`)

// prevSentence returns the sentence of t before the one holding i, or "".
func prevSentence(t string, i int) string {
	s := lastBoundary(t, i, ".!?;", 300)
	if s <= 1 {
		return ""
	}
	ps := lastBoundary(t, s-1, ".!?;", 300)
	return t[ps:s]
}

func sentenceAround(t string, i, j int) (string, string) {
	s, e := lastBoundary(t, i, ".!?;:", 300), nextBoundary(t, j, ".!?;", 300)
	return t[s:e], t[s:i]
}

// possessiveAfter reports a possessive ending right after offset j
// ("the user's", "your human’s"): the noun before it owns what follows.
func possessiveAfter(t string, j int) bool {
	rest := t[min(j, len(t)):]
	plural := strings.HasSuffix(t[:min(j, len(t))], "s") && (strings.HasPrefix(rest, "' ") || strings.HasPrefix(rest, "’ "))
	return plural || strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") || strings.HasPrefix(rest, "s'") || strings.HasPrefix(rest, "s’")
}

// payloadListRx: the rest of a label's sentence up to a colon, then a list
// of at least two code spans (group 1).
var payloadListRx = match.MustRx("^[^.!?\n`]{0,40}:[ \t]*(`[^`\n]{1,200}`(?:[ \t]*,[ \t]*(?:(?:or|and)[ \t]+)?`[^`\n]{1,200}`)+)")

// ownRulesRx: an override phrase aimed at the agent's own rules.
var ownRulesRx = match.MustRx(`(?i)\b(?:your|you|yourself)\b`)

// payloadListLabel reports whether hits[hi] labels a list of quoted
// payloads after a colon, at least one of which is itself a phrase of the
// same rule in code: the phrase names the attack the listed strings are
// (a red-team checklist), not an act the agent is told to do to itself.
// "Override your safety rules: …" stays.
func payloadListLabel(src []byte, hits []PhraseHit, hi int) bool {
	h := hits[hi]
	if ownRulesRx.MatchString(h.Seg.N.Text[h.I:h.J]) {
		return false
	}
	m := payloadListRx.FindSubmatchIndex(src[h.End:min(len(src), h.End+800)])
	if m == nil {
		return false
	}
	ls, le := h.End+m[2], h.End+m[3]
	for _, k := range hits[hi+1:] {
		if k.Start >= le {
			break
		}
		if k.Start >= ls && k.Ctx == CtxCode {
			return true
		}
	}
	return false
}

// blockLeadRx: the rest of a line that introduces what follows it.
var (
	blockLeadRx = match.MustRx(`^[^.!?\n]{0,40}:[ \t]*\r?\n`)
	// optionFlagRx: a command-line flag that switches a tool's own
	// security or safety check off.
	optionFlagRx = match.MustRx(`(?:^|[ \t])--(?:no|disable|skip|without)-[\w-]*(?:security|safety|secret)[\w-]*\b`)
)

// optionBelow reports whether the phrase ending at end closes a lead-in
// ("Disable security checks if needed:") whose next line opens a fenced
// code block that passes a flag switching a tool's own check off: the
// phrase names that option.
func optionBelow(src []byte, end int) bool {
	m := blockLeadRx.FindIndex(src[end:min(len(src), end+60)])
	if m == nil {
		return false
	}
	rest := src[end+m[1]:]
	rest = rest[:min(len(rest), 400)]
	fence := bytes.TrimLeft(rest, " \t")
	if !bytes.HasPrefix(fence, []byte("```")) && !bytes.HasPrefix(fence, []byte("~~~")) {
		return false
	}
	body := fence[3:]
	if k := bytes.IndexByte(body, '\n'); k >= 0 {
		body = body[k+1:]
	}
	if k := bytes.Index(body, fence[:3]); k >= 0 {
		body = body[:k]
	}
	return optionFlagRx.Match(body)
}

// userRowRx: a table row whose first cell names the user's own guidelines;
// agentObjectRx: an object that is the agent's own rules, not defaults.
var (
	userRowRx     = match.MustRx(`(?i)^[ \t]*\|[ \t]*(?:\*\*)?user(?:-provided|-supplied|-defined|'s|s'|s)?[ \t]+(?:guidelines|rules|instructions|preferences|conventions)(?:\*\*)?[ \t]*\|`)
	agentObjectRx = match.MustRx(`(?i)\b(?:system|safety|developer|previous|prior|above|original|earlier)\b`)
)

// userPrecedenceRow reports an override phrase in a later cell of a row
// whose first cell is the user's guidelines and whose object is not the
// agent's system or safety rules: the ordinary order of authority, the
// user above a skill's defaults.
func userPrecedenceRow(src []byte, hit int, phrase string) bool {
	pre := linePrefix(src, hit)
	if bytes.Count(pre, []byte("|")) < 2 || agentObjectRx.MatchString(phrase) {
		return false
	}
	return userRowRx.Match(pre)
}

// limitClaimRx: what follows "do not tell the user" is a quoted limitation
// of the skill ("the pipeline \"needs a folder\"", "it \"can't run
// offline\""); limitSecretRx: one about a secret, which stays.
var (
	limitClaimRx  = match.MustRx(`^\s+(?:that\s+)?(?:it|this|the\s+[\w-]+)\s+["“']\s*(?:needs|requires|only\s+(?:works|accepts|supports|runs)|cannot|can't|can not|won't|will not|doesn't|does not|isn't able|is not able|is unable|must have)\b`)
	limitSecretRx = match.MustRx(`\b(?:passwords?|passphrases?|api[ _-]?keys?|keys?|tokens?|credentials?|secrets?|cookies?|ssh|wallet|seed)\b`)
)

// qualityBarRx: "the user must never see"; indefiniteObjRx: an object with
// an indefinite article; traceNounRx: a trace of something else done.
var (
	qualityBarRx    = match.MustRx(`\b(?:must|should)\s+(?:never|not)\s+see$`)
	indefiniteObjRx = match.MustRx(`^\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s*(?:[.!?;]|$)`)
	traceNounRx     = match.MustRx(`\b(?:trace|sign|hint|evidence|record|log|logs|notification|prompt|warning|dialog|request|connection|file|command|commands|process|traffic|change|changes)\b`)
)

// outputUnseenRx: "the user will not see it" at the end of a conditional's
// main clause; ifOutputRx: its condition, the agent writing text.
var (
	outputUnseenRx = match.MustRx(`\bwill\s+not\s+see$`)
	ifOutputRx     = match.MustRx(`\bif\s+you\s+(?:just\s+|only\s+|simply\s+)?(?:write|output|print|say|type|reply|respond|answer|ask)\b`)
	quotedTextRx   = match.MustRx(`"[^"]*"|“[^”]*”`)
	writeVerbRx    = match.MustRx(`\bwrit(?:e|es|ing|ten)\b`)
)

// outputUnseen reports "if you write \"…\" and then just output text — the
// user will not see it": the unseen thing is the agent's own text, and the
// condition names no act with an effect.
func outputUnseen(t string, i, j int) bool {
	if !outputUnseenRx.MatchString(t[i:j]) {
		return false
	}
	pre := t[max(0, i-200):i]
	locs := ifOutputRx.FindAllStringIndex(pre, -1)
	if len(locs) == 0 {
		return false
	}
	cond := pre[locs[len(locs)-1][0]:]
	if strings.ContainsAny(quotedTextRx.ReplaceAllString(cond, ""), ".!?;\n") {
		return false // the condition closed before the phrase
	}
	cond = writeVerbRx.ReplaceAllString(quotedTextRx.ReplaceAllString(cond, " "), " ")
	return !confirmActionRx.MatchString(cond)
}

// logAppendRx: an append whose destination is a log the skill keeps.
var logAppendRx = match.MustRx(`^(?:silently|quietly|discreetly)\s+append\s+to\s+(?:the|a|an|its|this|your)\s+(?:[\w-]+\s+){0,2}?(?:log|journal|ledger|notes|changelog)\b`)
