package prose

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
)

var (
	// URLRx matches an http(s) URL in text.
	URLRx = match.MustRx(`(?i)https?://[^\s<>"'\x60]+`)

	// SendVerbRx matches verbs that move data elsewhere (send, upload, post,
	// forward, …) in normalised text.
	SendVerbRx = match.MustRx(`\b(?:send|sends|sending|upload|uploads|uploading|post|posts|posting|transmit|transmits|forward|forwards|email|e-mail|mail|exfiltrate|exfiltrates|submit|submits|share|sync|syncs|beacon|leak|pipe|attach|append|embed|push|report|copy|paste|dump)\b`)

	// SecretObjRx matches the secrets an instruction may name: keys, tokens,
	// passwords, the environment, wallets, card data.
	SecretObjRx = match.MustRx(`\b(?:api[ -]?keys?|access keys?|tokens?|secrets?|credentials?|passwords?|passphrases?|private keys?|ssh keys?|cookies|session (?:tokens?|cookies)|env(?:ironment)?(?: variables| vars| file)?|printenv|\.env|dotenv|keychain|wallets?|seed phrases?|mnemonics?|id_rsa|id_ed25519|(?:full |credit |debit )?card (?:numbers?|details|data)|cvc|cvv)\b`)

	// ContentObjRx matches the user's content an instruction may name: the
	// conversation, the system prompt, files, the codebase.
	ContentObjRx = match.MustRx(`\b(?:conversation(?: history)?|chat (?:history|log|logs|transcript)|message history|transcripts?|system prompt|previous messages|everything the user (?:typed|said|wrote)|the user's (?:messages|files|data|documents)|the user's (?:last|latest|previous|most recent|every|each|next) (?:message|prompt|request|question|reply)s?|(?:any|every|each) (?:file|document)s? (?:you|the agent) (?:read|reads|open|opens|see|sees|edit|edits|touch|touches)|clipboard|browser (?:history|data|cookies)|home directory|all (?:the )?files|every file|source code|codebase|repository contents|project files|entire (?:project|repo|repository|workspace)|(?:task|user|full|original|the user's) prompts?|prompts? you (?:received|were given|came up with)|user quer(?:y|ies)|(?:rag|search|retrieval) quer(?:y|ies)|screenshots?|screen captures?|(?:precise|current|exact|gps) location|gps coordinates|system info(?:rmation)?|(?:all|the user's) contacts|contacts list|search history|(?:the )?information you (?:queried|gathered|collected))\b`)

	// EmailRx matches an e-mail address.
	EmailRx = match.MustRx(`\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b`)

	// SecretObjLits, ContentObjLits and SendObjLits are the prefilter
	// literals of the object patterns (SendObjLits is registered with the
	// literal index).
	SecretObjLits  = SecretObjRx.RequiredLiterals()
	ContentObjLits = ContentObjRx.RequiredLiterals()
	SendObjLits    = match.Registered(append(append([]string(nil), SecretObjLits...), ContentObjLits...))

	// DestWordRx matches words that name a destination without a URL
	// (webhook, pastebin, "our server", "the following address").
	DestWordRx = match.MustRx(`\b(?:webhook|discord|telegram|pastebin|our (?:server|endpoint|api|backend|collector)|(?:a |the )?remote (?:server|host|endpoint)|this (?:address|endpoint|url)|the following (?:address|url|endpoint))\b`)
)

// RoleTagPhrases match fake chat-role tags and template tokens (SV304;
// also judged in HTML comments and descriptions).
var RoleTagPhrases = []Phrase{
	NewPhrase(analyzer.High, "fake role tag", `</?\s*(?:system|system[_ -]?prompt|system[_ -]?message|sys|assistant|system[_ -]?instructions|available[_ ]?skills|skill[_ ]?instructions|tool[_ ]?results?|function[_ ]?results|function[_ ]?calls|developer[_ ]?message|im[_ ]?start|im[_ ]?end)\s*/?>`),
	NewPhrase(analyzer.High, "chat template token", `<\|\s*(?:im[_ ]?start|im[_ ]?end|system|user|assistant|endoftext|eot[_ ]?id|start[_ ]?header[_ ]?id|end[_ ]?header[_ ]?id|begin[_ ]?of[_ ]?text)\s*\|>`),
	NewPhrase(analyzer.High, "fake role marker", `\[/?(?:system|sys|inst|system prompt|system message)\](?:[^(]|$)`),
	NewPhrase(analyzer.High, "fake role marker", `<<\s*/?sys\s*>>`),
}
