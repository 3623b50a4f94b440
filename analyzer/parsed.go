package analyzer

import (
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

type markdownKey struct{}

// Markdown returns the file's Markdown token stream, parsed once per file
// and shared by every rule. For SKILL.md only the body is tokenised (the
// frontmatter is the Manifest); offsets are file offsets either way.
func (p *Pass) Markdown() (*markdown.Doc, error) {
	f := p.File
	v, err := f.Memo(markdownKey{}, func() (any, error) {
		start := 0
		if f.Path == skill.ManifestName && p.Skill.Manifest != nil {
			start = p.Skill.Manifest.BodyStart
		}
		return markdown.Parse(f.Content, start)
	})
	if err != nil {
		return nil, err
	}
	return v.(*markdown.Doc), nil
}
