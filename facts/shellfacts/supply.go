package shellfacts

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/skill"
)

// Supply is the skill-wide index of the files a skill supplies: those it
// ships (a file of the skill, loaded or refused) and those it fetches (a
// download in its shell saves it, or a URL anywhere in its text ends with
// its name). A command that acts on a file the skill supplies acts on the
// skill's payload; one that acts on a file the skill neither ships nor
// fetches acts on the user's own file, named in a how-to
// (unzip -P pw archive.zip, xattr -d com.apple.quarantine /Applications/MyApp.app).
type Supply struct {
	shipped    map[string]bool // lower-case base names of the skill's files
	fetched    map[string]bool // lower-case base names downloads save or URLs end with
	shippedExt map[string]bool // lower-case extensions of the skill's files
	fetchedExt map[string]bool // lower-case extensions of fetched names
}

type supplyKey struct{}

// supplyMaxURLs bounds the URLs read per file.
const supplyMaxURLs = 2048

// SupplyOf returns the skill's supply index, built once per skill.
func SupplyOf(p *analyzer.Pass) *Supply {
	if p.Skill == nil || len(p.Skill.Files) == 0 {
		return &Supply{}
	}
	v, err := p.Skill.Memo(supplyKey{}, func() (any, error) { return buildSupply(p), nil })
	if err != nil || v == nil {
		return &Supply{}
	}
	return v.(*Supply)
}

func buildSupply(p *analyzer.Pass) *Supply {
	s := &Supply{shipped: map[string]bool{}, fetched: map[string]bool{}, shippedExt: map[string]bool{}, fetchedExt: map[string]bool{}}
	ship := func(n string) {
		if b := stagedBase(n); b != "" {
			s.shipped[b] = true
			s.shippedExt[path.Ext(b)] = true
		}
	}
	fetch := func(n string) {
		if b := stagedBase(n); b != "" {
			s.fetched[b] = true
			s.fetchedExt[path.Ext(b)] = true
		}
	}
	for _, pr := range p.Skill.Problems {
		ship(pr.Path) // an archive too large to load is still shipped
	}
	for _, f := range p.Skill.Files {
		if f.Embed != nil {
			continue
		}
		ship(f.Path)
		if !f.Kind.IsText() || len(f.Content) > 4<<20 {
			continue
		}
		if c := string(f.Content); strings.Contains(c, "://") {
			for _, u := range intel.URLRx.FindAllString(c, supplyMaxURLs) {
				u = strings.TrimRight(u, ".,;:!*_~")
				if b := shUrlBase(u); b != "" && strings.Contains(b, ".") {
					fetch(b)
				}
			}
		}
		if f.Kind != skill.KindMarkdown && f.Kind != skill.KindShell && f.Kind != skill.KindPowerShell {
			continue
		}
		sites, _ := p.Sibling(f).ShellSites()
		for i := range sites {
			for _, c := range sites[i].Script.Commands {
				if !IsDownloader(c) {
					continue
				}
				if out, ok := OutputFile(c); ok {
					fetch(out)
				}
			}
		}
	}
	return s
}

// Ships reports whether the skill has a file with the base name of name.
func (s *Supply) Ships(name string) bool {
	b := stagedBase(name)
	return b != "" && s.shipped[b]
}

// Fetches reports whether a download of the skill saves a file with the
// base name of name, or a URL of the skill ends with it.
func (s *Supply) Fetches(name string) bool {
	b := stagedBase(name)
	return b != "" && s.fetched[b]
}

// FetchesStem reports whether the skill fetches or ships a file whose name
// without its extensions is stem (Helper.dmg, helper.zip and
// helper.tar.gz for Helper.app).
func (s *Supply) FetchesStem(stem string) bool {
	stem = strings.ToLower(stem)
	if stem == "" {
		return false
	}
	for _, m := range []map[string]bool{s.fetched, s.shipped} {
		for b := range m {
			if Stem(b) == stem {
				return true
			}
		}
	}
	return false
}

// FetchesExt reports whether the skill fetches a file with one of the
// extensions (".dmg", ".pkg").
func (s *Supply) FetchesExt(exts ...string) bool {
	for _, e := range exts {
		if s.fetchedExt[e] {
			return true
		}
	}
	return false
}

// Stem is the lower-case base name of a path word without its extensions
// (/Applications/Helper.app → helper, helper-1.2.tar.gz → helper-1), "" when
// the word names no file.
func Stem(name string) string {
	b := stagedBase(name)
	if i := strings.IndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	return b
}
