package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/skillvet/skillvet/analyzer"
)

func init() { Register("markdown", WriteMarkdown) }

// MarkdownLimit is the size of a GitHub comment body, in characters. The
// markdown report is cut to fit it (counting UTF-16 code units, which is
// never fewer than characters).
const MarkdownLimit = 65536

// WriteMarkdown writes a report for a pull-request comment: a summary table
// by verdict and severity, then for every blocked or warned skill a table
// of its findings (most severe first), its analysis errors and, with
// ShowSuppressed, its suppressed findings folded into a <details> block.
// Attacker-controlled text is escaped so it renders as plain text: no
// HTML, no Markdown, no table breakage, no @mentions or #references. The
// output is cut, with a note, to stay under GitHub's comment limit.
func WriteMarkdown(w io.Writer, r *Report) error {
	return writeMarkdown(w, r, MarkdownLimit)
}

// severities from most to least severe.
var severities = []analyzer.Severity{analyzer.Critical, analyzer.High, analyzer.Medium, analyzer.Low, analyzer.Info}

var verdictIcon = map[analyzer.Verdict]string{
	analyzer.VerdictBlock: "🛑", analyzer.VerdictWarn: "⚠️", analyzer.VerdictPass: "✅",
}

const findingsHeader = "| Location | Severity | Rule | Message |\n|:--|:--|:--|:--|\n"

type mdSection struct {
	head       string   // heading, path and errors; written with the first row
	rows       []string // finding rows
	suppressed []string // suppressed rows, shown folded
}

func writeMarkdown(w io.Writer, r *Report, limit int) error {
	var head strings.Builder
	s := r.Summarize()
	head.WriteString(mdSummary(r, s))

	var sections []mdSection
	for _, v := range []analyzer.Verdict{analyzer.VerdictBlock, analyzer.VerdictWarn} {
		for _, res := range r.Results {
			if r.Verdict(res) == v {
				sections = append(sections, mdSkill(r, res, v))
			}
		}
	}

	// The note that replaces what does not fit; reserve room for it and
	// for closing an open <details>.
	const reserve = 600
	budget := limit - reserve - utf16Len(head.String())
	var body strings.Builder
	hidden, hiddenSkills := 0, 0
	fits := func(s string) bool {
		if budget < 0 || utf16Len(s) > budget {
			return false
		}
		budget -= utf16Len(s)
		body.WriteString(s)
		return true
	}
	cut := false
	for _, sec := range sections {
		all := len(sec.rows) + len(sec.suppressed)
		if cut {
			hidden += all
			hiddenSkills++
			continue
		}
		first := "\n" + sec.head
		if len(sec.rows) > 0 {
			first += "\n" + findingsHeader + sec.rows[0]
		}
		if !fits(first) {
			cut = true
			hidden += all
			hiddenSkills++
			continue
		}
		for i, row := range sec.rows[min(1, len(sec.rows)):] {
			if !fits(row) {
				cut = true
				hidden += all - 1 - i
				hiddenSkills++
				break
			}
		}
		if cut || len(sec.suppressed) == 0 {
			continue
		}
		// The suppressed block is all or nothing: a cut table inside
		// <details> helps nobody.
		det := fmt.Sprintf("\n<details><summary>%d suppressed finding(s)</summary>\n\n%s%s\n</details>\n",
			len(sec.suppressed), findingsHeader, strings.Join(sec.suppressed, ""))
		if !fits(det) {
			cut = true
			hidden += len(sec.suppressed)
			hiddenSkills++
		}
	}
	out := head.String() + body.String()
	if cut {
		out += fmt.Sprintf("\n> [!WARNING]\n> This report was cut to fit GitHub's comment size limit: "+
			"%d more finding(s) in %d skill(s) are not shown. The text, JSON and SARIF reports list everything.\n",
			hidden, hiddenSkills)
	}
	_, err := io.WriteString(w, out)
	return err
}

func mdSummary(r *Report, s Summary) string {
	var b strings.Builder
	name := r.Tool.Name
	if name == "" {
		name = "skillvet"
	}
	fmt.Fprintf(&b, "## %s: %s %d blocked · %s %d warned · %s %d passed\n\n", mdText(name),
		verdictIcon[analyzer.VerdictBlock], s.Blocked, verdictIcon[analyzer.VerdictWarn], s.Warned,
		verdictIcon[analyzer.VerdictPass], s.Passed)

	// Unsuppressed findings by the verdict of their skill and severity.
	counts := map[analyzer.Verdict]map[analyzer.Severity]int{}
	skills := map[analyzer.Verdict]int{}
	for _, res := range r.Results {
		v := r.Verdict(res)
		skills[v]++
		if counts[v] == nil {
			counts[v] = map[analyzer.Severity]int{}
		}
		for _, f := range res.Findings {
			if f.Suppression == nil {
				counts[v][f.Severity]++
			}
		}
	}
	b.WriteString("| Verdict | Skills | Critical | High | Medium | Low | Info |\n|:--|--:|--:|--:|--:|--:|--:|\n")
	for _, v := range []analyzer.Verdict{analyzer.VerdictBlock, analyzer.VerdictWarn, analyzer.VerdictPass} {
		fmt.Fprintf(&b, "| %s %s | %d |", verdictIcon[v], v, skills[v])
		for _, sev := range severities {
			fmt.Fprintf(&b, " %d |", counts[v][sev])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "| **total** | **%d** |", s.Skills)
	for _, sev := range severities {
		fmt.Fprintf(&b, " **%d** |", s.BySeverity[sev.String()])
	}
	b.WriteString("\n\n")

	fmt.Fprintf(&b, "Fail-on: **%s**", r.FailOn)
	if s.Suppressed > 0 {
		fmt.Fprintf(&b, " · %d suppressed finding(s)", s.Suppressed)
	}
	if s.Errors > 0 {
		fmt.Fprintf(&b, " · **%d internal analysis error(s): the scan is incomplete**", s.Errors)
	}
	if r.Tool.Version != "" {
		fmt.Fprintf(&b, " · %s %s", mdText(name), mdText(r.Tool.Version))
	}
	b.WriteString("\n")
	if s.Blocked == 0 && s.Warned == 0 {
		fmt.Fprintf(&b, "\nAll %d skill(s) passed.\n", s.Skills)
	}
	return b.String()
}

func mdSkill(r *Report, res *analyzer.Result, v analyzer.Verdict) mdSection {
	var sec mdSection
	var h strings.Builder
	// Attacker text never starts a line, where it could open a list or a
	// heading.
	fmt.Fprintf(&h, "### %s %s: %s (%s)\n", verdictIcon[v], v, mdText(res.Skill.Name), mdText(res.Dir))
	if len(res.Errors) > 0 {
		h.WriteString("\n**Analysis errors** (the skill was not fully analysed):\n\n")
		for _, e := range res.Errors {
			fmt.Fprintf(&h, "- <code>%s</code>\n", mdText(FirstLine(e)))
		}
	}
	sec.head = h.String()

	var shown, supp []analyzer.Finding
	for _, f := range res.Findings {
		if f.Suppression == nil {
			shown = append(shown, f)
		} else if r.ShowSuppressed {
			supp = append(supp, f)
		}
	}
	bySeverity := func(fs []analyzer.Finding) {
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].Severity > fs[j].Severity })
	}
	bySeverity(shown)
	bySeverity(supp)
	for _, f := range shown {
		sec.rows = append(sec.rows, mdRow(r, f))
	}
	for _, f := range supp {
		sec.suppressed = append(sec.suppressed, mdRow(r, f))
	}
	return sec
}

func mdRow(r *Report, f analyzer.Finding) string {
	sev := f.Severity.String()
	if f.Severity >= analyzer.High {
		sev = "**" + sev + "**"
	}
	rule := mdText(f.Rule)
	if meta := r.Rule(f.Rule); meta != nil && meta.Name != "" {
		rule += " " + mdText(meta.Name)
	}
	msg := mdText(f.Message)
	if f.Evidence != "" {
		msg += "<br><code>" + mdText(f.Evidence) + "</code>"
	}
	if s := f.Suppression; s != nil {
		msg += "<br><em>suppressed (" + mdText(s.Kind) + ")"
		if s.Justification != "" {
			msg += ": " + mdText(s.Justification)
		}
		msg += "</em>"
	}
	return fmt.Sprintf("| %s:%d | %s | %s | %s |\n", mdText(f.File), f.Start.Line, sev, rule, msg)
}

// mdText makes attacker-controlled text render literally in GitHub
// Markdown, in a table cell or a heading: control and invisible characters
// become visible escapes (analyzer.Sanitize); HTML specials, the table
// pipe and backticks become character references; every other Markdown
// punctuation that could start emphasis, a link, an image, strikethrough,
// math or an autolink ("scheme:", "www.") is backslash-escaped; and a word
// joiner (U+2060)
// after "@" or "#" stops @mentions and #references from pinging people or
// linking issues.
func mdText(s string) string {
	s = analyzer.Sanitize(s)
	var b strings.Builder
	rs := []rune(s)
	for i, c := range rs {
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '|':
			b.WriteString("&#124;")
		case '`':
			b.WriteString("&#96;")
		case '\\', '*', '_', '[', ']', '~', '$', ':':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '.':
			if i >= 3 && strings.EqualFold(string(rs[i-3:i]), "www") {
				b.WriteByte('\\') // www.example.com would autolink
			}
			b.WriteRune(c)
		case '@', '#':
			if c == '#' {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
			if i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1]) || rs[i+1] == '_' || rs[i+1] == '-') {
				b.WriteRune('\u2060')
			}
		case '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
