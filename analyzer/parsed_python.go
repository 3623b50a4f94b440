package analyzer

import "github.com/skillvet/skillvet/parse/python"

type pythonKey struct{}

// Python returns the file's Python module (tokens, imports, calls,
// assignments), parsed once per file and shared by every rule. The error is
// a *python.Error when the file is beyond the tokenizer's limits.
func (p *Pass) Python() (*python.Module, error) {
	v, err := p.File.Memo(pythonKey{}, func() (any, error) {
		return python.Parse(p.File.Content)
	})
	if err != nil {
		return nil, &ParseError{What: "Python", Err: err}
	}
	return v.(*python.Module), nil
}
