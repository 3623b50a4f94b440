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
	return true
}

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
