package analyzer

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Inline suppression directives, in any comment syntax:
//
//	<!-- skillvet:ignore SV123 -- reason -->      Markdown
//	// skillvet:ignore SV101,SV102 -- reason       JS/TS
//	# skillvet:ignore SV150 -- reason              shell, Python, YAML
//	# skillvet:ignore-file SV401 -- reason         the whole file
//
// A directive on its own line covers the next non-blank line — the whole
// fenced block when that line opens a Markdown fence, the whole block when it
// opens a `{` (JS) or ends with `:` (Python). A directive after code covers
// its own line. A reason after "--" is required.
//
// Directives are honoured only when Options.HonorSuppressions is set (the
// CLI's scan of your own repository). The gate and batch audits read
// third-party skills, where a suppression is written by the attacker, so
// they ignore them. Content that could not be analysed can never be
// suppressed.

// SuppressionMissingReason reports directives without a reason.
var SuppressionMissingReason = &Rule{
	ID: "SV010", Name: "suppression-missing-reason", Title: "Suppression directive without a reason",
	Severity: Medium, Category: CatLint, Tags: []string{"suppression", "hygiene"}, Inputs: InAnyText,
	Doc: "A `skillvet:ignore` directive must say why the finding is acceptable: " +
		"`<!-- skillvet:ignore SV123 -- vendored installer from the official domain -->`. " +
		"A directive without a reason (or without rule IDs) suppresses nothing.",
}

// UnusedSuppression reports directives that suppress nothing.
var UnusedSuppression = &Rule{
	ID: "SV011", Name: "unused-suppression", Title: "Suppression directive suppresses nothing",
	Severity: Low, Category: CatLint, Tags: []string{"suppression", "hygiene"}, Inputs: InAnyText,
	Doc: "A `skillvet:ignore` directive matched no finding: the code it covered changed, or the rule " +
		"no longer reports there. Remove it so that it cannot hide a future finding by accident. " +
		"Directives never apply to SV001, SV002 or any finding about content that could not be analysed: " +
		"the scanner fails closed.",
}

var ruleIDRx = idRx

type directive struct {
	line     int // 1-based
	from, to int // covered lines
	ids      []string
	reason   string
	used     bool
	bad      string // why the directive is invalid
}

func parseDirectives(f *skill.File) []*directive {
	if !f.Kind.IsText() || !bytes.Contains(f.Content, []byte("skillvet:ignore")) {
		return nil
	}
	var out []*directive
	n := f.LineCount()
	for i := 1; i <= n; i++ {
		text := f.Line(i)
		at := strings.Index(text, "skillvet:ignore")
		if at < 0 {
			continue
		}
		rest := text[at+len("skillvet:ignore"):]
		fileLevel := strings.HasPrefix(rest, "-file")
		if fileLevel {
			rest = rest[len("-file"):]
		}
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			continue // e.g. "skillvet:ignored" in prose
		}
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(rest, "-->"), "*/"))
		idPart, reason, _ := strings.Cut(rest, "--")
		d := &directive{line: i, reason: strings.TrimSpace(reason)}
		for _, id := range strings.FieldsFunc(idPart, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			id = strings.ToUpper(id)
			if !ruleIDRx.MatchString(id) {
				d.bad = fmt.Sprintf("%q is not a rule ID", id)
				break
			}
			d.ids = append(d.ids, id)
		}
		switch {
		case d.bad != "":
		case len(d.ids) == 0:
			d.bad = "no rule IDs"
		case d.reason == "":
			d.bad = "no reason after \"--\""
		}
		before := strings.TrimSpace(text[:at])
		ownLine := before == "" || before == "<!--" || before == "//" || before == "#" || before == "/*" || before == "--" || before == ";"
		switch {
		case fileLevel:
			d.from, d.to = 1, n
		case !ownLine:
			d.from, d.to = i, i
		default:
			d.from, d.to = coverNext(f, i, n)
		}
		out = append(out, d)
	}
	return out
}

// coverNext returns the line range a directive on line i covers.
func coverNext(f *skill.File, i, n int) (int, int) {
	j := i + 1
	for j <= n && strings.TrimSpace(f.Line(j)) == "" {
		j++
	}
	if j > n {
		return i, i
	}
	first := strings.TrimSpace(f.Line(j))
	switch {
	case f.Kind == skill.KindMarkdown && (strings.HasPrefix(first, "```") || strings.HasPrefix(first, "~~~")):
		fence := first[:3]
		for k := j + 1; k <= n; k++ {
			if strings.HasPrefix(strings.TrimSpace(f.Line(k)), fence) {
				return j, k
			}
		}
		return j, n
	case (f.Kind == skill.KindJS || f.Kind == skill.KindShell) && strings.HasSuffix(first, "{"):
		depth := 0
		for k := j; k <= n; k++ {
			l := f.Line(k)
			depth += strings.Count(l, "{") - strings.Count(l, "}")
			if depth <= 0 {
				return j, k
			}
		}
		return j, n
	case f.Kind == skill.KindPython && strings.HasSuffix(first, ":"):
		indent := len(f.Line(j)) - len(strings.TrimLeft(f.Line(j), " \t"))
		end := j
		for k := j + 1; k <= n; k++ {
			l := f.Line(k)
			if strings.TrimSpace(l) == "" {
				continue
			}
			if len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
				break
			}
			end = k
		}
		return j, end
	}
	return j, j
}

// applySuppressions marks findings covered by directives and reports bad
// and unused directives.
func (e *Engine) applySuppressions(r *Result) {
	if !e.opts.HonorSuppressions {
		return
	}
	byPath := map[string][]*directive{}
	for _, f := range r.Skill.Files {
		if ds := parseDirectives(f); len(ds) > 0 {
			byPath[f.Path] = ds
		}
	}
	if len(byPath) == 0 {
		return
	}
	for i := range r.Findings {
		fd := &r.Findings[i]
		if fd.Unanalysed || fd.Rule == UnreadableContent.ID || fd.Rule == AnalysisFailed.ID {
			continue // fail closed: never suppress blindness
		}
		for _, d := range byPath[fd.Path] {
			if d.bad != "" || fd.Start.Line < d.from || fd.Start.Line > d.to || !contains(d.ids, fd.Rule) {
				continue
			}
			d.used = true
			fd.Suppression = &Suppression{Kind: "inSource", Justification: d.reason}
			break
		}
	}
	for path, ds := range byPath {
		f := r.Skill.File(path)
		for _, d := range ds {
			pos := f.Pos(f.LineStart(d.line))
			ev := Sanitize(clip(strings.TrimSpace(f.Line(d.line)), 240))
			switch {
			case d.bad != "" && e.enabled[SuppressionMissingReason.ID]:
				r.Findings = append(r.Findings, Finding{Rule: SuppressionMissingReason.ID, Severity: SuppressionMissingReason.Severity,
					Category: CatLint, Path: path, Start: pos, End: pos, Evidence: ev,
					Message: "invalid skillvet:ignore directive (" + d.bad + "); it suppresses nothing"})
			case d.bad == "" && !d.used && e.enabled[UnusedSuppression.ID]:
				r.Findings = append(r.Findings, Finding{Rule: UnusedSuppression.ID, Severity: UnusedSuppression.Severity,
					Category: CatLint, Path: path, Start: pos, End: pos, Evidence: ev,
					Message: "skillvet:ignore " + strings.Join(d.ids, ",") + " suppresses no finding"})
			}
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
