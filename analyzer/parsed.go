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
		if f.Embed == nil && f.Path == skill.ManifestName && p.Skill.Manifest != nil {
			start = p.Skill.Manifest.BodyStart
		}
		return markdown.Parse(f.Content, start)
	})
	if err != nil {
		return nil, &ParseError{What: "Markdown", Err: err}
	}
	return v.(*markdown.Doc), nil
}

// ParseError is a file that its parser could not analyse: over a limit, a
// syntax error, or a parser crash (Err is then a *skill.PanicError). Rules
// return it as they get it; the engine reports it once per file (the
// language's own unanalysable-content rule says it best, else SV002) and
// the skill is blocked, since the scanner was blind there.
type ParseError struct {
	What string // "Markdown", "JavaScript", "Python"
	Err  error
}

func (e *ParseError) Error() string { return e.What + " not analysed: " + e.Err.Error() }

// Unwrap returns the parser's error.
func (e *ParseError) Unwrap() error { return e.Err }
