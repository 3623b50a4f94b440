package shell

import (
	"strings"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// placeholderRx matches a documentation placeholder such as <SLURM_USER>,
// <login-host> or <your-api-key>.
var placeholderRx = rxlit.MustRx(`<[A-Za-z_][\w.-]*>`)

// Placeholders blanks the angle brackets of documentation placeholders
// (<user>@<host>, https://<host>/api, --token <TOKEN>) into underscores,
// keeping every offset, so that they parse as words instead of
// redirections. A placeholder standing alone before a path (<x>~/.bashrc)
// is left alone: that may be a real redirection.
func Placeholders(s string) string {
	locs := placeholderRx.FindAllStringIndex(s, -1)
	if locs == nil {
		return s
	}
	b := []byte(s)
	for _, l := range locs {
		i, j := l[0], l[1]
		attachedBefore := i > 0 && !isSpaceByte(s[i-1]) && s[i-1] != '|' && s[i-1] != ';' && s[i-1] != '&' && s[i-1] != '(' && s[i-1] != '<'
		pathAfter := j < len(s) && (s[j] == '~' || s[j] == '$' || s[j] == '.' || s[j] == '>' || s[j] == '/' && systemPath(s[j:]))
		if !attachedBefore && pathAfter {
			continue
		}
		b[i], b[j-1] = '_', '_'
	}
	return string(b)
}

// systemPath reports whether s starts with a system directory a
// redirection could write to; <endpoint>/v1/models is a URL path after a
// placeholder, not a write to /v1/models.
func systemPath(s string) bool {
	for _, d := range []string{"/etc/", "/dev/", "/usr/", "/var/", "/tmp/", "/opt/", "/root/", "/home/", "/Users/", "/Library/", "/System/", "/bin/", "/sbin/", "/lib"} {
		if strings.HasPrefix(s, d) {
			return true
		}
	}
	return false
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

var blankedRx = rxlit.MustRx(`^_[A-Za-z_][\w.-]*_$`)

// IsPlaceholder reports whether a word is a documentation placeholder
// that Placeholders blanked (<plist> → _plist_): a value the reader fills
// in, not one the skill chose.
func IsPlaceholder(v string) bool { return blankedRx.MatchString(v) }

var blankedInRx = rxlit.MustRx(`(^|\W)_([A-Za-z][\w.-]{0,40})_(\W|$)`)

// HasPlaceholder reports whether text holds a blanked placeholder
// anywhere (a JSON body '{"value": <num>}' arrives as {"value": _num_}).
func HasPlaceholder(s string) bool { return blankedInRx.MatchString(s) }

// Unblank shows blanked placeholders as written, for messages: _num_ →
// <num>.
func Unblank(s string) string { return blankedInRx.ReplaceAllString(s, "$1<$2>$3") }
