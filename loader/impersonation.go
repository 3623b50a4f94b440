package loader

import (
	"regexp"
	"sort"
	"strings"
)

// Typosquatting: registries have shipped clones of popular skills named
// "<popular-name>-<random suffix>" (notion-sync-x7k2) or with look-alike
// characters. When the registry holds both a skill and one whose name only
// adds such a suffix, or folds to the same skeleton, the newcomer is
// refused as an impersonation, unless its exact version is approved by
// hash. (Non-ASCII names are already refused by validation.)

// randomSuffix matches a trailing "-x7k2"-style token: 3–10 letters and
// digits with at least one of each, the shape of generated IDs rather than
// words ("v2", "pro", "2024" do not match).
var randomSuffix = regexp.MustCompile(`^(.+)-([a-z0-9]{3,10})$`)

func looksRandom(tok string) bool {
	var letters, digits int
	for _, c := range tok {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z':
			letters++
		}
	}
	if digits == 0 || letters == 0 {
		return false
	}
	// Version-like tokens (v2, v10, 2x) are not random.
	if strings.HasPrefix(tok, "v") && digits == len(tok)-1 {
		return false
	}
	// Technical abbreviations mix letters and digits too (e2e, k8s, i18n).
	return !techTokens[tok]
}

// techTokens are words of the trade that mix letters and digits: a skill
// named i4h-sim-e2e is not a generated imitation of i4h-sim.
var techTokens = map[string]bool{"e2e": true, "k8s": true, "k3s": true, "i18n": true, "l10n": true, "a11y": true,
	"ec2": true, "2fa": true, "mfa2": true, "mp3": true, "mp4": true, "x86": true, "x64": true, "arm64": true,
	"aarch64": true, "amd64": true, "h264": true, "h265": true, "ipv4": true, "ipv6": true, "oauth2": true,
	"utf8": true, "utf16": true, "sha1": true, "sha256": true, "sha512": true, "md5": true, "b64": true,
	"py3": true, "py2": true, "es6": true, "es2015": true, "web3": true, "p2p": true, "s3": true, "gpt4": true,
	"gpt5": true, "llama3": true, "win32": true, "win64": true, "x11": true, "3d": true, "2d": true, "4k": true,
	"r2": true, "d1": true, "m1": true, "m2": true, "m3": true, "g2": true, "db2": true, "http2": true, "http3": true}

// skeleton folds characters that are easy to confuse in ASCII names.
func skeleton(name string) string { return skeletonFold.Replace(strings.ToLower(name)) }

var skeletonFold = strings.NewReplacer("0", "o", "1", "l", "i", "l", "rn", "m", "vv", "w", "_", "", "-", "", ".", "")

func digits(s string) int {
	n := 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			n++
		}
	}
	return n
}

// FlagImpersonation is the loader's typosquatting check for callers that
// gate skills outside a Loader (skillvet lock): among the admitted
// entries, it refuses (Status, Code, Reason) those whose names imitate
// another's, as Load does.
func FlagImpersonation(entries []*Entry) { flagImpersonation(entries) }

// flagImpersonation refuses admitted entries whose names imitate another
// admitted entry's name. The imitation is the one with the random suffix;
// for skeleton clashes, the one from the lower-priority source or with
// more digits (the established name keeps its place).
func flagImpersonation(entries []*Entry) {
	admitted := map[string]*Entry{}
	var names []string
	for _, e := range entries {
		if e.Status == StatusAdmitted {
			admitted[e.Name] = e
			names = append(names, e.Name)
		}
	}
	sort.Strings(names)
	refuse := func(e *Entry, target string) {
		if e.Approved != nil {
			return // this exact version was reviewed
		}
		e.Status, e.Code = StatusRefused, CodeImpersonation
		e.Reason = "name imitates the skill " + target + " (typosquatting); approve this version by hash if it is genuine"
	}
	for _, n := range names {
		e := admitted[n]
		if m := randomSuffix.FindStringSubmatch(n); m != nil && looksRandom(m[2]) {
			if orig, ok := admitted[m[1]]; ok && orig != e {
				refuse(e, orig.Name)
				continue
			}
		}
	}
	bySkel := map[string][]*Entry{}
	for _, n := range names {
		e := admitted[n]
		if e.Status != StatusAdmitted {
			continue
		}
		k := skeleton(n)
		bySkel[k] = append(bySkel[k], e)
	}
	for _, group := range bySkel {
		if len(group) < 2 {
			continue
		}
		// The established name keeps its place: the higher source, then the
		// name with fewer digits standing in for letters.
		sort.SliceStable(group, func(i, j int) bool {
			if group[i].Priority != group[j].Priority {
				return group[i].Priority > group[j].Priority
			}
			if di, dj := digits(group[i].Name), digits(group[j].Name); di != dj {
				return di < dj
			}
			return group[i].Name < group[j].Name
		})
		for _, e := range group[1:] {
			refuse(e, group[0].Name)
		}
	}
}
