// Package sarif writes SARIF 2.1.0 for GitHub code scanning and other
// consumers. It registers the "sarif" report format.
//
// The log has one run. tool.driver.rules lists every rule that ran (and any
// rule a finding names that is not in the list), so ruleIndex is always
// valid. Every result carries a region (startLine, startColumn, endLine,
// endColumn in UTF-16 code units, and the evidence as snippet), an
// artifactLocation relative to %SRCROOT%, a partial fingerprint that does
// not change when lines shift, and a suppressions array (empty when the
// finding is not suppressed), so GitHub can tell "not suppressed" from
// "suppression state unknown".
package sarif

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	gosarif "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
)

func init() { report.Register("sarif", Write) }

// FingerprintKey names skillvet's entry in result.partialFingerprints.
const FingerprintKey = "skillvet/v1"

// SrcRoot is the uriBaseId every artifact location is relative to.
const SrcRoot = "%SRCROOT%"

// Level maps a severity to a SARIF level: critical and high are errors,
// medium is a warning, low and info are notes.
func Level(s analyzer.Severity) string {
	switch {
	case s >= analyzer.High:
		return gosarif.LevelError
	case s == analyzer.Medium:
		return gosarif.LevelWarning
	}
	return gosarif.LevelNote
}

// Write writes r as a SARIF 2.1.0 log.
func Write(w io.Writer, r *report.Report) error {
	root := sourceRoot(r)
	rules, index := ruleSet(r)

	name := r.Tool.Name
	if name == "" {
		name = "skillvet"
	}
	run := gosarif.NewRun().WithColumnKind("utf16CodeUnits")
	driver := gosarif.NewToolComponent().WithName(name)
	run.WithTool(gosarif.NewTool().WithDriver(driver))
	if r.Tool.InformationURI != "" {
		driver.InformationURI = &r.Tool.InformationURI
	}
	if r.Tool.Version != "" {
		driver.Version = &r.Tool.Version
		driver.SemanticVersion = semver(r.Tool.Version)
	}
	for _, rule := range rules {
		driver.Rules = append(driver.Rules, descriptor(rule))
	}

	inv := gosarif.NewInvocation()
	var results []result
	for _, res := range r.Results {
		for _, e := range res.Errors {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
				errorNotification(res, e, root, index))
		}
		for _, f := range res.Findings {
			results = append(results, toResult(f, index[f.Rule], root))
		}
	}
	inv.WithExecutionSuccessful(len(inv.ToolExecutionNotifications) == 0)
	run.AddInvocation(inv)

	log := gosarif.NewReport()
	log.Schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	log.AddRun(run)
	out := struct {
		*gosarif.Report
		Runs []runOut `json:"runs"`
	}{log, []runOut{{Run: run, Results: results}}}
	if out.Runs[0].Results == nil {
		out.Runs[0].Results = []result{}
	}
	// go-sarif writes every optional array and -1 default; drop them so
	// the log carries only what skillvet says.
	raw, err := json.Marshal(out)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	prune(doc)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// keepEmpty are the arrays that mean something when empty: a run with no
// results, a result that is not suppressed.
var keepEmpty = map[string]bool{"results": true, "suppressions": true}

// unset are the integer properties whose -1 means "not given".
var unset = map[string]bool{"index": true, "id": true, "byteOffset": true, "charOffset": true,
	"rank": true, "parentIndex": true, "length": true}

// prune removes empty optional arrays, empty property bags and -1
// placeholders from a decoded SARIF document, in place. Keys are written
// sorted when the map is encoded, so the output stays deterministic.
func prune(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			prune(x)
			switch x := x.(type) {
			case []any:
				if len(x) == 0 && !keepEmpty[k] {
					delete(v, k)
				}
			case map[string]any:
				if len(x) == 0 && k == "properties" {
					delete(v, k)
				}
			case json.Number:
				if x == "-1" && unset[k] {
					delete(v, k)
				}
			}
		}
	case []any:
		for _, x := range v {
			prune(x)
		}
	}
}

// runOut and result replace go-sarif's own fields where its omitempty
// would drop an empty suppressions array: SARIF distinguishes "[]" (not
// suppressed) from absent (unknown), and GitHub reads the difference.
type runOut struct {
	*gosarif.Run
	Results []result `json:"results"`
}

type result struct {
	*gosarif.Result
	Suppressions []*gosarif.Suppression `json:"suppressions"`
}

// ruleSet returns the rules sorted by ID, with a minimal descriptor for any
// rule a finding names that the report does not list, and each ID's index.
func ruleSet(r *report.Report) ([]*analyzer.Rule, map[string]int) {
	seen := map[string]bool{}
	var rules []*analyzer.Rule
	for _, rule := range r.Rules {
		if rule != nil && !seen[rule.ID] {
			seen[rule.ID] = true
			rules = append(rules, rule)
		}
	}
	for _, res := range r.Results {
		for _, f := range res.Findings {
			if !seen[f.Rule] {
				seen[f.Rule] = true
				rules = append(rules, &analyzer.Rule{ID: f.Rule, Name: f.Rule, Title: f.Rule,
					Severity: f.Severity, Category: f.Category})
			}
		}
	}
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	index := make(map[string]int, len(rules))
	for i, rule := range rules {
		index[rule.ID] = i
	}
	return rules, index
}

func descriptor(rule *analyzer.Rule) *gosarif.ReportingDescriptor {
	d := gosarif.NewRule(rule.ID)
	d.WithName(rule.Name)
	d.ShortDescription = gosarif.NewMultiformatMessageString().WithText(rule.Title)
	if p := FirstParagraph(rule.Doc); p != "" {
		d.FullDescription = gosarif.NewMultiformatMessageString().WithText(p).WithMarkdown(p)
	} else {
		d.FullDescription = gosarif.NewMultiformatMessageString().WithText(rule.Title)
	}
	if rule.Doc != "" {
		d.WithMarkdownHelp(rule.Doc)
	}
	cfg := gosarif.NewReportingConfiguration()
	cfg.Level = Level(rule.Severity)
	d.DefaultConfiguration = cfg
	props := gosarif.NewPropertyBag()
	props.Tags = Tags(rule)
	props.Add("security-severity", rule.Severity.SecurityScore())
	props.Add("precision", Precision(rule))
	if rule.Category != "" {
		props.Add("category", string(rule.Category))
	}
	d.Properties = props
	return d
}

// FirstParagraph returns the first paragraph of Markdown doc that is not a
// heading, with its lines joined by spaces.
func FirstParagraph(doc string) string {
	var para []string
	for _, line := range strings.Split(strings.ReplaceAll(doc, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			if len(para) > 0 {
				return strings.Join(para, " ")
			}
		case len(para) == 0 && strings.HasPrefix(line, "#"):
			// a heading before the first paragraph
		default:
			para = append(para, line)
		}
	}
	return strings.Join(para, " ")
}

// maxTags is the number of tags per rule GitHub code scanning keeps.
const maxTags = 10

// Tags returns the rule's SARIF tags: its own tags, "security" for every
// category but lint, the category's title, and GitHub's
// "external/cwe/cwe-N" form of each CWE tag, without duplicates and at
// most ten (GitHub's limit).
func Tags(rule *analyzer.Rule) []string {
	var tags []string
	seen := map[string]bool{}
	add := func(t string) {
		if t != "" && !seen[t] && len(tags) < maxTags {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	for _, t := range rule.Tags {
		add(t)
	}
	if rule.Category != analyzer.CatLint && rule.Category != "" {
		add("security")
	}
	add(rule.Category.Title())
	for _, t := range rule.Tags {
		if n, ok := strings.CutPrefix(strings.ToUpper(t), "CWE-"); ok && n != "" {
			add("external/cwe/cwe-" + n)
		}
	}
	return tags
}

// Precision is the SARIF precision of a rule. The rule model has no
// precision of its own: lint and scan-integrity rules report facts
// ("very-high"); every other rule is a heuristic over untrusted content
// ("high").
func Precision(rule *analyzer.Rule) string {
	if rule.Category == analyzer.CatLint {
		return "very-high"
	}
	for _, t := range rule.Tags {
		if t == "scan-integrity" {
			return "very-high"
		}
	}
	return "high"
}

func toResult(f analyzer.Finding, ruleIndex int, root string) result {
	res := gosarif.NewRuleResult(f.Rule).WithRuleIndex(ruleIndex)
	res.Level = Level(f.Severity)
	msg := f.Message
	if msg == "" {
		msg = f.Rule
	}
	res.WithMessage(gosarif.NewTextMessage(msg))

	loc := artifactLocation(f.File, root)
	region := Region(f)
	res.AddLocation(gosarif.NewLocationWithPhysicalLocation(
		gosarif.NewPhysicalLocation().WithArtifactLocation(loc).WithRegion(region)))
	res.PartialFingerprints = map[string]string{FingerprintKey: partialFingerprint(f, *loc.URI)}
	if len(f.Steps) > 0 {
		// A chain: each step is a related location (id = its index + 1)
		// and, in order, one thread flow, so code scanning shows the path.
		tf := gosarif.NewThreadFlow()
		for i, st := range f.Steps {
			sf := analyzer.Finding{Start: st.Start, End: st.End}
			sloc := gosarif.NewPhysicalLocation().WithArtifactLocation(artifactLocation(st.File, root)).WithRegion(Region(sf))
			msg := gosarif.NewTextMessage(st.Message)
			res.AddRelatedLocation(gosarif.NewLocation().WithID(i + 1).WithPhysicalLocation(sloc).WithMessage(msg))
			tf.AddLocation(gosarif.NewThreadFlowLocation().WithExecutionOrder(i + 1).
				WithLocation(gosarif.NewLocation().WithPhysicalLocation(sloc).WithMessage(msg)))
		}
		res.AddCodeFlow(gosarif.NewCodeFlow().WithMessage(gosarif.NewTextMessage(msg)).AddThreadFlow(tf))
	}

	props := gosarif.NewPropertyBag()
	props.Add("evidence", f.Kind.String())
	props.Add("security-severity", f.Severity.SecurityScore())
	props.Add("severity", f.Severity.String())
	if f.Fingerprint != "" {
		props.Add("fingerprint", f.Fingerprint)
	}
	if f.Unanalysed {
		props.Add("unanalysed", true)
	}
	res.Properties = props

	out := result{Result: res, Suppressions: []*gosarif.Suppression{}}
	if s := f.Suppression; s != nil {
		sup := gosarif.NewSuppression()
		kind := "external"
		if s.Kind == "inSource" {
			kind = "inSource"
		}
		sup.Kind = &kind
		if s.Justification != "" {
			j := analyzer.Sanitize(s.Justification)
			sup.Justification = &j
		}
		out.Suppressions = append(out.Suppressions, sup)
	}
	return out
}

// Region returns the finding's region: 1-based lines, UTF-16 columns with
// an exclusive end, and the evidence as snippet. A finding without a
// position (a whole-file problem) gets line 1, column 1, so that every
// result has a region; an end before the start collapses onto the start.
func Region(f analyzer.Finding) *gosarif.Region {
	sl, sc := f.Start.Line, col16(f.Start.Column16, f.Start.Column)
	if sl < 1 {
		sl, sc = 1, 1
	}
	el, ec := f.End.Line, col16(f.End.Column16, f.End.Column)
	if el < sl || el == sl && ec < sc {
		el, ec = sl, sc
	}
	reg := gosarif.NewRegion().WithStartLine(sl).WithStartColumn(sc).WithEndLine(el).WithEndColumn(ec)
	if f.Evidence != "" {
		reg.WithSnippet(gosarif.NewArtifactContent().WithText(f.Evidence))
	}
	return reg
}

// col16 prefers the UTF-16 column, falls back to the code-point column,
// and never returns less than 1.
func col16(c16, c int) int {
	if c16 < 1 {
		c16 = c
	}
	if c16 < 1 {
		c16 = 1
	}
	return c16
}

// partialFingerprint scopes the finding's fingerprint (rule, skill-relative
// file, normalised evidence: stable across line shifts) to its artifact, so
// two copies of one skill in a repository stay two alerts.
func partialFingerprint(f analyzer.Finding, uri string) string {
	fp := f.Fingerprint
	if fp == "" {
		fp = f.Rule + "\x00" + f.Evidence + "\x00" + f.Message
	}
	h := sha256.Sum256([]byte(uri + "\x00" + fp))
	return hex.EncodeToString(h[:16])
}

func artifactLocation(file, root string) *gosarif.ArtifactLocation {
	p := strings.ReplaceAll(file, "\\", "/")
	if filepath.IsAbs(file) || path.IsAbs(p) {
		if root != "" {
			if rel, err := filepath.Rel(root, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return gosarif.NewSimpleArtifactLocation(EncodePath(filepath.ToSlash(rel))).WithURIBaseID(SrcRoot)
			}
		}
		// Outside %SRCROOT%: an absolute file URI.
		abs := filepath.ToSlash(file)
		if !strings.HasPrefix(abs, "/") {
			abs = "/" + abs // a Windows drive path
		}
		return gosarif.NewSimpleArtifactLocation("file://" + EncodePath(abs))
	}
	p = path.Clean(p)
	if p == "." {
		p = ""
	}
	return gosarif.NewSimpleArtifactLocation(EncodePath(p)).WithURIBaseID(SrcRoot)
}

func sourceRoot(r *report.Report) string {
	if r.SourceRoot != "" {
		if abs, err := filepath.Abs(r.SourceRoot); err == nil {
			return abs
		}
		return r.SourceRoot
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// EncodePath percent-encodes a slash path as a URI reference path: every
// byte but the unreserved characters, "/" and ":" after the first segment
// is %XX-encoded (":" in the first segment would read as a scheme).
func EncodePath(p string) string {
	const hexd = "0123456789ABCDEF"
	var b strings.Builder
	firstSeg := true
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		case c == '/':
			firstSeg = false
			b.WriteByte(c)
		case c == ':' && !firstSeg:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexd[c>>4])
			b.WriteByte(hexd[c&15])
		}
	}
	return b.String()
}

// errorNotification reports an internal analysis error of a skill as a
// tool execution notification associated with SV002.
func errorNotification(res *analyzer.Result, e, root string, index map[string]int) *gosarif.Notification {
	n := gosarif.NewNotification()
	n.Level = gosarif.LevelError
	n.WithMessage(gosarif.NewTextMessage(report.SanitizeLines(e)))
	n.AddLocation(gosarif.NewLocationWithPhysicalLocation(
		gosarif.NewPhysicalLocation().WithArtifactLocation(artifactLocation(res.Dir, root))))
	ref := gosarif.NewReportingDescriptorReference().WithID(analyzer.AnalysisFailed.ID)
	if i, ok := index[analyzer.AnalysisFailed.ID]; ok {
		ref.WithIndex(i)
	}
	n.WithAssociatedRule(ref)
	return n
}

// semver returns v when it looks like a semantic version, else nil.
func semver(v string) *string {
	v = strings.TrimPrefix(v, "v")
	core, _, _ := strings.Cut(v, "-")
	core, _, _ = strings.Cut(core, "+")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return nil
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return nil
		}
	}
	return &v
}
