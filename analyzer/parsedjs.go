package analyzer

import "github.com/skillvet/skillvet/parse/js"

type jsKey struct{}

// JS returns the file's JavaScript/TypeScript program, parsed once per
// file and shared by every rule. The error is a *js.LimitError or a
// *js.SyntaxError when the file cannot be analysed.
func (p *Pass) JS() (*js.Program, error) {
	f := p.File
	v, err := f.Memo(jsKey{}, func() (any, error) {
		return js.Parse(f.Path, f.Content)
	})
	if err != nil {
		return nil, &ParseError{What: "JavaScript", Err: err}
	}
	return v.(*js.Program), nil
}
