package rules

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
)

// ZeroWidthInWords reports zero-width characters that split Latin, Greek
// or Cyrillic words, and long invisible runs, which hide words from
// reviewers and keyword filters.
var ZeroWidthInWords = register(&analyzer.Rule{
	ID:       "SV306",
	Name:     "zero-width-in-words",
	Title:    "Zero-width characters inside words",
	Severity: Medium,
	Category: analyzer.CatHidden,
	Tags:     []string{"security", "hidden-content", "obfuscation", "CWE-451"},
	Inputs:   analyzer.InAnyText,
	Doc: `Finds zero-width characters (U+200B zero-width space, U+200C/U+200D non-joiner and
joiner, U+2060 word joiner, U+FEFF after the start of the file, U+180E, invisible
operators U+2061–U+2064) inside words of Latin, Greek or Cyrillic script, and runs of three
or more of them anywhere.

` + "`ig\\u200bnore`" + ` reads as "ignore" to a model but defeats keyword filters and human search;
long runs of zero-width characters are a known way to encode hidden bits. A split word
that is an instruction or command keyword is **high**, a long run is **high**, other
split words are **medium**.

A run too short to carry hidden text (fewer than eight: a binary encoding spends about eight per
hidden character), with fewer than eight in such runs on its line, is **medium**: spacing a
rich-text editor left (U+2063 U+2062 U+2062 U+2062 after a word of a scraped caption). Unicode tag characters, which spell one character each, are
SV305's.

Normal uses are not reported: emoji ZWJ sequences (👨‍👩‍👧), ZWNJ/ZWJ in Arabic, Persian,
Hebrew and Indic scripts, zero-width spaces as word breaks in Thai, Khmer, CJK text, and a
byte-order mark at the start of a file.

**Fix:** delete the invisible characters.

Bad:

    Please ig\u{200B}nore the previous rules.

Good:

    Family emoji 👨‍👩‍👧 and Persian می‌خواهم keep their joiners.`,
	Run: runZeroWidth,
})

// zwHiddenRun is the shortest run of zero-width characters that can carry
// a hidden character in a binary encoding (one bit each); shorter runs,
// fewer than this many on a line together, are spacing.
const zwHiddenRun = 8

func isZeroWidth(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x2061, 0x2062, 0x2063, 0x2064:
		return true
	}
	return false
}

func runZeroWidth(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	c := p.File.Content
	if !hasZeroWidthBytes(c) {
		return nil
	}
	type lineHit struct {
		start, end int
		count      int
		word       string
		run        int
		sev        analyzer.Severity
		// short: the runs on the line are each too short to carry text;
		// zw: how many zero-width characters those runs hold together
		short    bool
		zw       int
		maxShort int
	}
	var cur *lineHit
	flush := func() {
		if cur == nil {
			return
		}
		msg := ""
		if cur.zw >= zwHiddenRun && cur.sev < High {
			// short runs that together could spell a word
			cur.sev, cur.short, cur.run = High, false, cur.maxShort
		}
		if cur.short {
			msg = fmt.Sprintf("run of %d zero-width characters (too short to carry hidden text: spacing left by an editor)", cur.run)
		} else if cur.run >= 3 && cur.sev == analyzer.Medium {
			msg = fmt.Sprintf("run of %d distinct zero-width characters in brackets or quotes (a set listed for stripping or detection)", cur.run)
		} else if cur.run >= 3 {
			msg = fmt.Sprintf("run of %d zero-width characters (invisible encoded data or spacing)", cur.run)
		} else {
			msg = fmt.Sprintf("zero-width character inside the word %q", cur.word)
		}
		if cur.count > 1 {
			msg += fmt.Sprintf("; %d on this line", cur.count)
		}
		rep.Report(analyzer.Diagnostic{Start: cur.start, End: cur.end, Severity: cur.sev, Message: msg,
			Evidence: prose.EvidenceLine(c, cur.start, cur.start, "⟨ZW⟩")})
		cur = nil
	}
	// line numbers by counting newlines forward (offsets only grow), not
	// File.Pos, which walks the line from its start for every call
	line, lineAt := 0, 0
	lineOf := func(off int) int {
		line += bytes.Count(c[lineAt:off], []byte{'\n'})
		lineAt = off
		return line
	}
	curLine := -1
	for i := 0; i < len(c); {
		r, w := utf8.DecodeRune(c[i:])
		if !isZeroWidth(r) || (r == 0xFEFF && i == 0) {
			i += w
			continue
		}
		start := i
		run := 0
		for i < len(c) {
			r2, w2 := utf8.DecodeRune(c[i:])
			if !isZeroWidth(r2) {
				break
			}
			run++
			i += w2
		}
		prev, _ := utf8.DecodeLastRune(c[:start])
		next, _ := utf8.DecodeRune(c[i:])
		if emojiContext(prev) || emojiContext(next) {
			continue
		}
		sev := analyzer.SevNone
		word := ""
		short := false
		switch {
		case run >= 3 && zwCharacterSet(c, start, i):
			// [\u200b-\u200d\ufeff] written out, _ZERO_WIDTH = "…": the set
			// of invisible characters a cleaner strips, listed once each
			sev = Medium
		case run >= zwHiddenRun:
			sev = High
		case run >= 3:
			// "…旗袍\u2063\u2062\u2062\u2062 图1": a few invisible
			// operators left by a rich-text editor; a binary encoding
			// spends about eight per hidden character
			sev, short = Medium, true
		case wordScript(prev) && wordScript(next):
			word = joinedWord(c, start, i)
			sev = Medium
			if prose.ZeroWidthKeywordRx.MatchString(word) && !zwQuotedExample(c, start, i) {
				sev = High
			}
		}
		if sev == analyzer.SevNone {
			continue
		}
		ln := lineOf(start)
		if cur != nil && ln == curLine {
			cur.count++
			if short {
				cur.zw += run
				cur.maxShort = max(cur.maxShort, run)
			}
			if sev > cur.sev {
				cur.sev, cur.word, cur.run, cur.short = sev, word, run, short
			} else if short && cur.short {
				cur.run = cur.maxShort
			}
			continue
		}
		flush()
		curLine = ln
		cur = &lineHit{start: start, end: i, count: 1, word: word, run: run, sev: sev, short: short}
		if short {
			cur.zw, cur.maxShort = run, run
		}
	}
	flush()
	return nil
}

func hasZeroWidthBytes(c []byte) bool {
	for i := 0; i+2 < len(c); i++ {
		if c[i] == 0xE2 && (c[i+1] == 0x80 && c[i+2] >= 0x8B && c[i+2] <= 0x8D || c[i+1] == 0x81 && c[i+2] >= 0xA0 && c[i+2] <= 0xA4) ||
			c[i] == 0xEF && c[i+1] == 0xBB && c[i+2] == 0xBF && i > 0 ||
			c[i] == 0xE1 && c[i+1] == 0xA0 && c[i+2] == 0x8E {
			return true
		}
	}
	return false
}

// wordScript reports letters and digits of the scripts that never use
// zero-width characters inside words.
func wordScript(r rune) bool {
	if r < 0x80 {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Greek, r) || unicode.Is(unicode.Cyrillic, r)
}

// emojiContext reports emoji, emoji modifiers and variation selectors, the
// neighbours of a ZWJ in emoji sequences.
func emojiContext(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF, r >= 0x2190 && r <= 0x21FF,
		r >= 0x2B00 && r <= 0x2BFF, r == 0xFE0F, r == 0xFE0E, r == 0x20E3, r >= 0xE0020 && r <= 0xE007F,
		r == 0x2640, r == 0x2642, r == 0x2695, r == 0x2696, r == 0x2708, r == 0x2764:
		return true
	}
	return false
}

// joinedWord returns the word around [start, end) with invisible
// characters removed.
// zwQuotedExample reports a keyword split by a zero-width character that
// stands alone in quotes ("ig⟨ZW⟩nore" with a zero-width space) on a line
// that, with the invisible characters removed, instructs nothing: a
// write-up showing the trick, not the trick in use.
func zwQuotedExample(c []byte, start, end int) bool {
	s, e := wordBounds(c, start, end)
	before, _ := utf8.DecodeLastRune(c[:s])
	after, _ := utf8.DecodeRune(c[e:])
	if !strings.ContainsRune("\"'`“”‘’", before) || !strings.ContainsRune("\"'`“”‘’", after) {
		return false
	}
	ls, le := prose.LineAround(c, start, end)
	// the phrase as it reads with the quotes gone: "ig⟨ZW⟩nore" all previous …
	t := strings.Join(strings.Fields(zwQuotes.Replace(prose.Normalize(c, ls, le).Text)), " ")
	for _, set := range [][]prose.Phrase{prose.OverridePhrases, prose.ConcealPhrases, prose.AuthorityPhrases} {
		for i := range set {
			if set[i].Find(t) != nil {
				return false
			}
		}
	}
	return true
}

var zwQuotes = strings.NewReplacer(`"`, " ", "'", " ", "`", " ", "“", " ", "”", " ", "‘", " ", "’", " ")

// wordBounds widens [start, end) to the word around it.
func wordBounds(c []byte, start, end int) (int, int) {
	s := start
	for s > 0 && start-s < 64 {
		r, w := utf8.DecodeLastRune(c[:s])
		if !wordScript(r) && !isZeroWidth(r) {
			break
		}
		s -= w
	}
	e := end
	for e < len(c) && e-end < 64 {
		r, w := utf8.DecodeRune(c[e:])
		if !wordScript(r) && !isZeroWidth(r) {
			break
		}
		e += w
	}
	return s, e
}

func joinedWord(c []byte, start, end int) string {
	s, e := wordBounds(c, start, end)
	var b strings.Builder
	for _, r := range string(c[s:e]) {
		if !isZeroWidth(r) {
			b.WriteRune(r)
		}
	}
	return match.Clip(b.String(), 40)
}

// zwCharacterSet reports a run of distinct zero-width characters (at most
// eight, none repeated) inside brackets or quotes: a character class or a
// constant listing them, which code that detects or strips them holds.
// Hidden data repeats its few symbols.
func zwCharacterSet(c []byte, start, end int) bool {
	seen := map[rune]bool{}
	for i := start; i < end; {
		r, w := utf8.DecodeRune(c[i:])
		if seen[r] {
			return false
		}
		seen[r] = true
		i += w
	}
	if len(seen) > 8 || start == 0 || end >= len(c) {
		return false
	}
	before, _ := utf8.DecodeLastRune(c[:start])
	after, _ := utf8.DecodeRune(c[end:])
	open := before == '[' || before == '"' || before == '\'' || before == '`' || before == '-'
	closed := after == ']' || after == '"' || after == '\'' || after == '`' || after == '-' || after == ' '
	return open && closed
}
