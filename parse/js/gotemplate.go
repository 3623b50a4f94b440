package js

import (
	"strings"
	"text/template/parse"
)

// goActions returns the spans of the Go template actions ({{ … }}) of
// code when the whole file is a valid Go template (Hugo's assets/*.js,
// a generator's *.js.tmpl) with at least one action. An action's strings,
// raw strings and comments are skipped, so a "}}" inside them does not
// end it. It reports false when the file is no template, and when an
// action holds a string that reads like code (parentheses, semicolons, an
// assignment, a backtick or a tag): such a string can be printed into the
// script as code ({{ "…" | safeJS }}), and masking it would hide that code.
func goActions(code string) ([][2]int, bool) {
	if !strings.Contains(code, "{{") {
		return nil, false
	}
	t := parse.New("js")
	t.Mode = parse.SkipFuncCheck | parse.ParseComments
	if _, err := t.Parse(code, "{{", "}}", map[string]*parse.Tree{}); err != nil {
		return nil, false
	}
	var spans [][2]int
	for i := 0; i < len(code); {
		k := strings.Index(code[i:], "{{")
		if k < 0 {
			break
		}
		s := i + k
		j := s + 2
		end := -1
		for j < len(code) && end < 0 {
			switch c := code[j]; {
			case strings.HasPrefix(code[j:], "/*"):
				e := strings.Index(code[j+2:], "*/")
				if e < 0 {
					return nil, false
				}
				j += 2 + e + 2
			case c == '"' || c == '\'' || c == '`':
				q := j + 1
				for q < len(code) && code[q] != c {
					if code[q] == '\\' && c != '`' {
						q++
					}
					q++
				}
				if q >= len(code) {
					return nil, false
				}
				if strings.ContainsAny(code[j+1:q], "();=`<") {
					return nil, false
				}
				j = q + 1
			case strings.HasPrefix(code[j:], "}}"):
				end = j + 2
			default:
				j++
			}
		}
		if end < 0 {
			return nil, false
		}
		spans = append(spans, [2]int{s, end})
		i = end
	}
	return spans, len(spans) > 0
}

// maskGoActions rewrites code with its Go template actions masked,
// keeping every offset and line: an action alone on its lines (an
// assignment, if, range, end) becomes spaces; an action beside code or
// inside a string (a value printed into the script) becomes underscores,
// an identifier in code and text in a string.
func maskGoActions(code string, spans [][2]int) string {
	b := []byte(code)
	in := make([]bool, len(b))
	for _, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			in[i] = true
		}
	}
	for ls := 0; ls < len(b); {
		le := ls
		for le < len(b) && b[le] != '\n' {
			le++
		}
		alone := true // the line holds only actions and blanks
		any := false
		for i := ls; i < le; i++ {
			if in[i] {
				any = true
			} else if b[i] != ' ' && b[i] != '\t' && b[i] != '\r' {
				alone = false
			}
		}
		if any {
			fill := byte('_')
			if alone {
				fill = ' '
			}
			for i := ls; i < le; i++ {
				if in[i] {
					b[i] = fill
				}
			}
		}
		ls = le + 1
	}
	return string(b)
}
