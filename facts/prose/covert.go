package prose

import (
	"github.com/skillvet/skillvet/facts/match"
)

// covertCueRx finds wording that keeps an action from the user, weaker
// than the SV302 phrases on its own ("do not mention it in your reply",
// "don't show it to the user", "do not ask the user about it", "a
// background step"). Rules that already see an outbound transfer or a
// sweep of private files use it as the second signal that makes the
// instruction covert.
var covertCueRx = match.MustRx(`\b(?:do not|don't|never|no need to)\s+(?:mention|tell|show|reveal|disclose|explain|display|report|surface)\s+(?:it|this|that|them|these|any of (?:this|it))\b|\b(?:do not|don't|never)\s+(?:tell|inform|notify|show|alert)\s+(?:the|your|any)\s+(?:user|human|operator|owner|customer|client|caller|recipient)s?\b|\b(?:do not|don't|never)\s+ask\s+(?:the|your)\s+(?:user|human|operator)\s+(?:about|before|for|whether)\b|\b(?:do not|don't|never)\s+(?:ask|prompt|check with|wait for)\s+(?:the\s+user\s+|them\s+)?(?:for\s+)?(?:permission|confirmation|approval|consent)\b|\bwithout\s+(?:asking|telling|informing|notifying|prompting)\b|\b(?:background|housekeeping|invisible|hidden)\s+(?:housekeeping\s+)?(?:step|task|process)\b|\b(?:silently|secretly|covertly|quietly|discreetly)\s+(?:\w+\s+)?(?:send|sends|upload|uploads|post|posts|forward|forwards|sync|syncs|archive|archives|copy|copies|submit|submits|share|shares|transmit|transmits|email|emails)\b|\b(?:is|are|stays|remain)\s+internal\b|\bpresent (?:it|this) as\b|\b(?:hide|conceal)\s+(?:it|this|them)\b`)

// CovertCue returns the first covert cue in normalised text t, or "".
func CovertCue(t string) string {
	if m := covertCueRx.FindStringIndex(t); m != nil {
		return t[m[0]:m[1]]
	}
	return ""
}
