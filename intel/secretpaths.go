package intel

import (
	"github.com/skillvet/skillvet/parse/rxlit"
	"strings"
)

// sshPublicRx matches SSH material that is public by design: a public key,
// known_hosts, the client config, authorized_keys.
var sshPublicRx = rxlit.MustRx(`(?i)\.ssh/(?:[\w.-]+\.pub|known_hosts|config|authorized_keys)\b|\.pub\b`)

// MatchSecretCredentialPath is MatchCredentialPath for paths that hold
// secrets: the earliest credential path in s that is not public SSH
// material (~/.ssh/config, known_hosts, authorized_keys, *.pub), so that a
// public key named first does not hide ~/.aws/credentials later on.
func MatchSecretCredentialPath(s string) (label string, start, end int, ok bool) {
	best := -1
	lower := rxlit.LowerASCIIKeepLen(s) // once for all the gates
	for _, c := range CredentialPaths {
		if !c.Rx.MayLower(lower) {
			continue
		}
		for _, loc := range c.Rx.Regexp.FindAllStringIndex(s, 8) {
			if c.Label == "SSH keys" && sshPublicRx.MatchString(PathToken(s, loc[0], loc[1])) {
				continue
			}
			if best < 0 || loc[0] < best {
				best, label, start, end, ok = loc[0], c.Label, loc[0], loc[1], true
			}
			break
		}
	}
	return label, start, end, ok
}

// PathToken widens [s, e) of raw to the whole path-like token around it.
func PathToken(raw string, s, e int) string {
	stop := func(c byte) bool {
		return c == ' ' || c == '\t' || c == '\n' || strings.IndexByte("()[]<>`'\",", c) >= 0
	}
	for s > 0 && !stop(raw[s-1]) {
		s--
	}
	for e < len(raw) && !stop(raw[e]) {
		e++
	}
	return raw[s:e]
}
