package rules

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/skill"
)

// BidiControls reports Unicode bidirectional embedding, override and
// isolate controls that reorder how text is displayed (Trojan Source).
var BidiControls = register(&analyzer.Rule{
	ID:       "SV307",
	Name:     "bidi-control",
	Title:    "Bidirectional control characters reorder displayed text",
	Severity: High,
	Category: analyzer.CatHidden,
	Tags:     []string{"security", "hidden-content", "trojan-source", "CWE-451"},
	Inputs:   analyzer.InAnyText,
	Doc: `Finds the bidi embedding, override and isolate controls U+202A–U+202E and
U+2066–U+2069. They make text display in a different order from the one in which it is
read by tools and models ("Trojan Source", CVE-2021-42574): a reviewer sees one command,
the interpreter runs another.

- In scripts and code (JS, shell, Python, PowerShell, batch): **high**, always.
- In Markdown and other text: override characters (U+202D, U+202E), and controls on a line
  without right-to-left letters or left unbalanced, are **high**/**medium**. Balanced
  embeddings and isolates inside Hebrew, Arabic or Persian text are normal typography
  and are not reported; right-to-left text itself is never a finding.

**Fix:** delete the control characters; for mixed-direction prose rely on the Unicode
bidi algorithm or use the marks U+200E/U+200F.

Bad (displays as a comment, runs as code):

    /*\u{202E} } \u{2066}if (isAdmin)\u{2069} \u{2066} begin admins only */

Good:

    The product name שלום is Hebrew.`,
	Run: runBidi,
})

func isBidiControl(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

var bidiNames = map[rune]string{0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
	0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI"}

func runBidi(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	c := p.File.Content
	if !hasBidiBytes(c) {
		return nil
	}
	code := false
	switch p.File.Kind {
	case skill.KindJS, skill.KindShell, skill.KindPython, skill.KindPowerShell, skill.KindBatch:
		code = true
	}
	for off := 0; off < len(c); {
		end := bytes.IndexByte(c[off:], '\n')
		if end < 0 {
			end = len(c)
		} else {
			end += off
		}
		line := c[off:end]
		first, opens, closes := -1, 0, 0
		override, rtl := false, false
		var names []string
		for i := 0; i < len(line); {
			r, w := utf8.DecodeRune(line[i:])
			if isBidiControl(r) {
				if first < 0 {
					first = i
				}
				names = append(names, bidiNames[r])
				switch r {
				case 0x202C, 0x2069:
					closes++
				case 0x202D, 0x202E:
					override = true
					opens++
				default:
					opens++
				}
			} else if unicode.Is(unicode.Hebrew, r) || unicode.Is(unicode.Arabic, r) || unicode.Is(unicode.Syriac, r) || unicode.Is(unicode.Thaana, r) {
				rtl = true
			}
			i += w
		}
		if first >= 0 {
			sev := analyzer.SevNone
			why := ""
			switch {
			case code:
				sev, why = High, "in code"
			case override:
				sev, why = High, "override reverses displayed text"
			case !rtl:
				sev, why = Medium, "on a line without right-to-left text"
			case opens != closes:
				sev, why = Medium, "unbalanced"
			}
			if sev != analyzer.SevNone {
				rep.Report(analyzer.Diagnostic{Start: off + first, Severity: sev,
					Message:  fmt.Sprintf("bidirectional control characters %v %s: displayed text differs from what tools read", names, why),
					Evidence: prose.EvidenceLine(c, off+first, off+first, "⟨bidi⟩")})
			}
		}
		off = end + 1
	}
	return nil
}

// hasBidiBytes is a fast check for the UTF-8 encodings of U+202A–U+202E
// (E2 80 AA–AE) and U+2066–U+2069 (E2 81 A6–A9).
func hasBidiBytes(c []byte) bool {
	for i := 0; ; {
		k := bytes.IndexByte(c[i:], 0xE2)
		if k < 0 || i+k+2 >= len(c) {
			return false
		}
		i += k
		b1, b2 := c[i+1], c[i+2]
		if b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE || b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 {
			return true
		}
		i++
	}
}
