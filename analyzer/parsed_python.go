package analyzer

import (
	"github.com/skillvet/skillvet/parse/python"
	"github.com/skillvet/skillvet/skill"
)

type pythonKey struct{}

// Python returns the file's Python module (tokens, imports, calls,
// assignments), parsed once per file and shared by every rule. The error is
// a *python.Error when the file is beyond the tokenizer's limits.
func (p *Pass) Python() (*python.Module, error) { return PythonOf(p.File) }

// PythonOf is Python for any file of the skill (another module a file
// imports), sharing the same parse: a module is parsed once whichever
// pass asks first.
func PythonOf(f *skill.File) (*python.Module, error) {
	v, err := f.Memo(pythonKey{}, func() (any, error) {
		return python.Parse(f.Content)
	})
	if err != nil {
		return nil, &ParseError{What: "Python", Err: err}
	}
	return v.(*python.Module), nil
}
