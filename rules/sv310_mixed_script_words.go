package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
)

// MixedScriptWords reports words that mix Latin letters with Cyrillic or
// Greek look-alikes: homoglyph spoofing that defeats keyword filters and
// fools reviewers.
var MixedScriptWords = register(&analyzer.Rule{
	ID:       "SV310",
	Name:     "mixed-script-words",
	Title:    "Words that mix Latin letters with Cyrillic or Greek look-alikes",
	Severity: Medium,
	Category: analyzer.CatHidden,
	Tags:     []string{"security", "homoglyph", "obfuscation", "CWE-1007"},
	Inputs:   analyzer.InAnyText,
	Doc: `Finds words made of Latin letters with one or more Cyrillic or Greek letters that look
the same (` + "`іgnore`" + ` with a Cyrillic і, ` + "`sуstem`" + ` with a Cyrillic у, ` + "`pаssword`" + `). A reviewer reads
the familiar word; filters searching for it, and sometimes the tools that act on it, do
not. Words that read as instruction, credential or command keywords are **high**, others
**medium**. The message shows the word as it reads. A keyword whose line names each of its look-alikes, by code point or by script and
the letter itself (` + "`'аdmin' // U+0430`" + `, ` + "`іgnore` (Cyrillic і)" + `), is a specimen shown to the reader
and is **medium**; a script named without the letter, or another letter, keeps it high.

Text written in Cyrillic or Greek, including single Greek letters in formulas (μs,
λ-calculus), is not reported: only words that mix scripts are.

**Fix:** retype the word in one script.

Bad:

    Open the s\u{0443}stem settings (the "у" is Cyrillic).

Good:

    Русский текст and English text, each in its own script.`,
	Run: runMixedScript,
})

func runMixedScript(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	c := p.File.Content
	ascii := true
	for _, b := range c {
		if b >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return nil
	}
	reported := 0
	for i := 0; i < len(c) && reported < 50; {
		r, w := utf8.DecodeRune(c[i:])
		if !unicode.IsLetter(r) {
			i += w
			continue
		}
		start := i
		latin, other, otherNonConf := 0, 0, 0
		for i < len(c) {
			r, w = utf8.DecodeRune(c[i:])
			if !unicode.IsLetter(r) && !prose.InvisibleRune(r) {
				break
			}
			switch {
			case r < 0x80:
				latin++
			case unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r):
				if _, ok := prose.ConfusableASCII[r]; ok {
					other++
				} else {
					otherNonConf++
				}
			case unicode.Is(unicode.Latin, r):
				latin++
			}
			i += w
		}
		if latin == 0 || other == 0 || otherNonConf > 0 || latin+other < 3 {
			continue
		}
		word := string(c[start:i])
		n := prose.Normalize(c, start, i)
		sev, note := Medium, ""
		if prose.ZeroWidthKeywordRx.MatchString(n.Text) {
			sev = High
			if mixedDisclosed(c, start, i) {
				// "'аdmin', // Cyrillic 'а' (U+0430)": a specimen of the
				// trick, its letter named on its own line for the reader
				sev, note = Medium, " (the line names each look-alike by code point or by script and letter: a specimen shown to the reader)"
			}
		}
		rep.Report(analyzer.Diagnostic{Start: start, End: i, Severity: sev,
			Message: fmt.Sprintf("word %q mixes Latin letters with %d Cyrillic/Greek look-alike(s); it reads as %q%s", prose.StripInvisibleRunes([]byte(word)), other, strings.TrimSpace(n.Text), note)})
		reported++
	}
	return nil
}

// mixedDisclosed reports whether the line holding c[start:end] names the
// code point of every Cyrillic or Greek look-alike in the word ("U+0430",
// "\u0430") or its script and the letter ("Cyrillic а"): the text shows the homoglyph as what it is, to the reader
// it would otherwise fool.
func mixedDisclosed(c []byte, start, end int) bool {
	ls, le := prose.LineAround(c, start, end)
	orig := string(c[ls:le])
	line := strings.ToUpper(orig)
	for _, r := range string(c[start:end]) {
		if r < 0x80 || !(unicode.Is(unicode.Cyrillic, r) || unicode.Is(unicode.Greek, r)) {
			continue
		}
		cp := fmt.Sprintf("%04X", r)
		if !strings.Contains(line, "U+"+cp) && !strings.Contains(line, "\\U"+cp) && !mixedLetterNamed(orig, r) {
			return false
		}
	}
	return true
}

// mixedLetterRx: a script's name, then one letter standing alone,
// optionally quoted ("Cyrillic і", "Greek 'ο'").
var mixedLetterRx = match.MustRx(`(?i)\b(?:cyrillic|greek)\s+(?:small\s+|capital\s+)?(?:letter\s+)?["'‘“` + "`" + `]?(\pL)["'’”` + "`" + `]?(?:[^\pL]|$)`)

// mixedLetterNamed reports whether line names the look-alike r by its
// script and the letter itself ("`іgnore` (Cyrillic і) vs `ignore`"): the
// reader is told which letter is foreign, as a code point would tell them.
func mixedLetterNamed(line string, r rune) bool {
	for _, m := range mixedLetterRx.FindAllStringSubmatch(line, 8) {
		if l, _ := utf8.DecodeRuneInString(m[1]); l == r {
			return true
		}
	}
	return false
}
