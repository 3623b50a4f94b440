package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// EmbedWord makes an embedded file of kind k from the text of word w (a
// program, a here-document body) in the pass's file. Offsets
// map onto the word's text in the file; escapes inside double quotes shift
// columns, not lines.
func EmbedWord(p *analyzer.Pass, w shell.Word, k skill.Kind, ext, ctx string) *skill.File {
	code := w.Value
	if strings.TrimSpace(code) == "" || w.Start < 0 || w.Start > len(p.File.Content) {
		return nil
	}
	start := w.Start
	if start < len(p.File.Content) && (p.File.Content[start] == '\'' || p.File.Content[start] == '"') {
		start++
	}
	// The body of a here-document starts on the line after its operator;
	// find the code's first line at or after the word's start.
	if first, _, _ := strings.Cut(code, "\n"); first != "" {
		lim := min(len(p.File.Content), start+len(code)+4096)
		if i := strings.Index(string(p.File.Content[start:lim]), first); i >= 0 {
			start += i
		}
	}
	return skill.NewEmbeddedMapped(p.File, k, []byte(code), []skill.Seg{{V: 0, H: start, N: len(code)}}, ctx, ext)
}
