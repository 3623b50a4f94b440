package loader

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillvet/skillvet/skill"
)

// DefaultPromptBudget is the default character budget of the metadata
// prompt.
const DefaultPromptBudget = 30000

// PromptOptions configure the metadata prompt.
type PromptOptions struct {
	// Budget is the maximum length of the whole block in characters
	// (Unicode code points); 0 means DefaultPromptBudget.
	Budget int
	// Plain renders a plain list ("- name: description (location)")
	// instead of the <available_skills> XML block.
	Plain bool
	// Location says where the model finds each skill; nil means the path
	// of its SKILL.md. URILocation gives skill://<name> instead. With any
	// location but URILocation, a skill whose directory changed on disk
	// since its scan is left out (Prompt.Changed): the model would read
	// and run the files at that path, not the scanned bytes.
	Location func(*Entry) string
	// All includes skills with disable-model-invocation: true (for a
	// user-facing menu); by default they are left out.
	All bool
}

// URILocation locates a skill by its skill:// URI.
func URILocation(e *Entry) string { return Scheme + e.Name }

// PathLocation locates a skill by the path of its SKILL.md.
func PathLocation(e *Entry) string { return filepath.Join(e.Dir, skill.ManifestName) }

// Prompt is the metadata block an agent injects into its system prompt.
type Prompt struct {
	Text     string
	Included []string // skill names in the block
	// Omitted are skills that did not fit the budget: the agent should say
	// so rather than pretend they do not exist.
	Omitted []string
	// Changed are skills left out because their directory changed on disk
	// since they were scanned (see Registry.OnDisk); a reload rescans them.
	Changed []string
}

// Prompt builds the metadata prompt of the model-invocable admitted
// skills, sorted by name, within the budget. Names, descriptions and
// locations are stripped of control and invisible format characters,
// whitespace is collapsed, and the XML variant escapes &, <, >, " and '
// so that no description can close the block or open a tag.
func (r *Registry) Prompt(o PromptOptions) Prompt {
	if o.Budget <= 0 {
		o.Budget = DefaultPromptBudget
	}
	if o.Location == nil {
		o.Location = PathLocation
	}
	list := r.ModelSkills()
	if o.All {
		list = r.Admitted()
	}
	head, tail := "<available_skills>\n", "</available_skills>\n"
	if o.Plain {
		head, tail = "Available skills:\n", ""
	}
	var b strings.Builder
	used := utf8.RuneCountInString(head) + utf8.RuneCountInString(tail)
	p := Prompt{}
	b.WriteString(head)
	verify := handsOutPaths(o.Location)
	for _, e := range list {
		if verify && r.OnDisk(e) != nil {
			p.Changed = append(p.Changed, e.Name)
			continue
		}
		name, desc, loc := OneLine(e.Name), OneLine(e.Description), OneLine(o.Location(e))
		var item string
		if o.Plain {
			item = "- " + name + ": " + desc + " (" + loc + ")\n"
		} else {
			item = "<skill>\n<name>" + xmlEscape(name) + "</name>\n<description>" + xmlEscape(desc) +
				"</description>\n<location>" + xmlEscape(loc) + "</location>\n</skill>\n"
		}
		n := utf8.RuneCountInString(item)
		if used+n > o.Budget {
			p.Omitted = append(p.Omitted, e.Name)
			continue
		}
		used += n
		b.WriteString(item)
		p.Included = append(p.Included, e.Name)
	}
	b.WriteString(tail)
	p.Text = b.String()
	return p
}

// OneLine strips control and invisible format characters (zero-width,
// bidi controls, Unicode tags) and collapses whitespace, so that metadata
// shown to a model cannot hide text. The MCP server uses it too.
func OneLine(s string) string { return strings.Join(strings.Fields(stripControls(s)), " ") }

// stripControls removes C0/C1 controls (tab, newline and carriage return
// become spaces) and invisible format characters (zero-width, bidi
// controls, Unicode tags), which can hide instructions.
func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
