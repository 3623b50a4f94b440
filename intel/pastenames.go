package intel

import "github.com/skillvet/skillvet/parse/rxlit"

// pasteServiceRx matches a paste site or anonymous file host named in prose
// without a URL ("put it on pastebin", "upload it to transfer.sh"), and a
// paste as a thing made ("a new paste", "a public paste"): places where
// whatever is put is readable by anyone with the link. The names are those
// of the paste and file-drop hosts classified above.
var pasteServiceRx = rxlit.MustRx(`(?i)\b(?:pastebin|hastebin|ghostbin|dpaste|termbin|rentry|privatebin|justpaste(?:\.it)?|controlc|paste\.ee|paste\.rs|pastes\.dev|transfer\.sh|file\.io|0x0\.st|catbox(?:\.moe)?|temp\.sh|bashupload|filebin|tmpfiles|pixeldrain|gofile|anonfiles|paste (?:site|service|bin)s?|(?:a|an|new|public|anonymous|unlisted|fresh)\s+pastes?)\b`)

// MatchPasteService returns the first paste site or file host named in t
// (by name, not URL), or nil.
func MatchPasteService(t string) []int { return pasteServiceRx.FindStringIndex(t) }
