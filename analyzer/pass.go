package analyzer

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillvet/skillvet/skill"
)

// Pass is one rule's view of one file of one skill. Rules read content only
// through it (File.Content, FS) and report only through it.
type Pass struct {
	Rule  *Rule
	Skill *skill.Skill
	File  *skill.File
	// Config is the rule-visible configuration (allowlisted hosts, ...).
	Config *RuleConfig

	ctx     context.Context
	fsys    fs.FS
	report  func(Finding)
	capture func(Cap)
	// for InEvidence rules: the skill's findings and capabilities so far
	findings []Finding
	caps     []Cap
}

// Findings returns the skill's findings from every file rule (InEvidence
// rules only; nil otherwise). Callers must not modify them.
func (p *Pass) Findings() []Finding { return p.findings }

// Caps returns the skill's capabilities from every file rule (InEvidence
// rules only; nil otherwise). Callers must not modify them.
func (p *Pass) Caps() []Cap { return p.caps }

// Capability records something the skill can do, seen at byte offset off
// of the pass's file. Capabilities are not findings: they never block on
// their own, correlators combine them into chains, and reports and update
// diffs list them.
func (p *Pass) Capability(kind CapKind, target string, off int) {
	if p.capture == nil {
		return
	}
	// Code the text presents as an illustration (an attack, a bad
	// example) shows what others do, not what this skill can do.
	if illustration(p.File) != "" {
		return
	}
	f := p.File
	if f.Embed != nil {
		f, off = f.Embed.HostOffset(off)
	}
	p.capture(Cap{Kind: kind, Target: Sanitize(clip(strings.TrimSpace(target), 200)), Path: f.Path,
		Line: f.Pos(off).Line, Rule: p.Rule.ID})
}

// RuleConfig is configuration that rules may consult.
type RuleConfig struct {
	// AllowedHosts are hosts the operator trusts as network destinations;
	// network rules treat them like known API hosts.
	AllowedHosts []string
}

// HostAllowed reports whether host (or a parent domain) is allowlisted.
func (c *RuleConfig) HostAllowed(host string) bool {
	if c == nil {
		return false
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, h := range c.AllowedHosts {
		h = strings.ToLower(h)
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

// Context is cancelled when the file's analysis times out; long-running
// rules should check it.
func (p *Pass) Context() context.Context { return p.ctx }

// FS is the skill's content as an fs.FS: the bytes that were loaded, not
// the disk.
func (p *Pass) FS() fs.FS {
	if p.fsys == nil {
		p.fsys = p.Skill.MemFS()
	}
	return p.fsys
}

// Diagnostic is what a rule reports. Positions are byte offsets into the
// content of the reported file.
type Diagnostic struct {
	Start, End int      // byte offsets; End <= Start means a point
	Severity   Severity // 0 means the rule's default
	Message    string
	// Evidence is shown with the finding; empty means the source line at
	// Start. Rules that match secrets must set a redacted value.
	Evidence string
	// File is the slash path of another file of the skill to report in;
	// empty means the pass's file.
	File string
	// Unanalysed marks a finding that says content could not be analysed
	// (parse failure, opaque binary): the skill's verdict is then block
	// whatever the threshold, because the scanner is blind there.
	Unanalysed bool
	// Kind overrides the rule's evidence kind for this finding.
	Kind Evidence
	// Steps are a chain's steps, source first; each in File ("" is the
	// pass's file) at byte offsets.
	Steps []Step
}

// Report records a finding. A finding in embedded code is reported in the
// real file that holds it, at the mapped position.
func (p *Pass) Report(d Diagnostic) {
	f := p.File
	if d.File != "" && d.File != f.Path {
		f = p.Skill.File(d.File)
		if f == nil {
			f = &skill.File{Path: d.File}
		}
	}
	context := ""
	if f.Embed != nil {
		if d.Unanalysed {
			return // a snippet that does not parse: the host's analysis reads its text
		}
		context = f.Embed.Context
		var a, b int
		f, a = f.Embed.HostOffset(d.Start)
		b = a
		if d.End > d.Start {
			_, b = p.File.Embed.HostOffset(d.End)
		}
		d.Start, d.End = a, b
		for i := range d.Steps {
			if d.Steps[i].File == "" || d.Steps[i].File == p.File.Path {
				_, d.Steps[i].Start = p.File.Embed.HostOffset(d.Steps[i].Start)
				_, d.Steps[i].End = p.File.Embed.HostOffset(d.Steps[i].End)
				d.Steps[i].File = f.Path
			}
		}
	}
	sev := d.Severity
	if sev == SevNone {
		sev = p.Rule.Severity
	}
	start := f.Pos(d.Start)
	end := start
	if d.End > d.Start {
		end = f.Pos(d.End)
	}
	ev := d.Evidence
	if ev == "" {
		// Copy at most the clipped excerpt, not the whole line: a minified
		// file is one long line and may get many findings.
		line := bytes.TrimFunc(f.LineBytes(start.Line), unicode.IsSpace)
		if len(line) > evidenceMax {
			ev = clip(string(line[:evidenceMax+1]), evidenceMax) // ends in "…": clipped once more below, unchanged
		} else {
			ev = string(line)
		}
	}
	msg := d.Message
	if context != "" {
		msg += " (in the " + context + ")"
	}
	if why := illustration(p.File); why != "" && sev > Medium && !d.Unanalysed {
		// Code the text presents as a bad example or a quoted attack is
		// not an instruction to run: it warns, and stays visible.
		sev = Medium
		msg += "; shown as an illustration: " + why
	}
	kind := d.Kind
	if kind == EvidenceDefault {
		kind = p.Rule.Kind()
	}
	if d.Unanalysed {
		kind = EvIntegrity
	}
	if kind == EvCapability && sev > Low {
		sev = Low // a capability alone never blocks, and says so
	}
	var steps []FindingStep
	for _, st := range d.Steps {
		sf := f
		if st.File != "" && st.File != sf.Path {
			if sf = p.Skill.File(st.File); sf == nil {
				sf = &skill.File{Path: st.File}
			}
		}
		a := sf.Pos(st.Start)
		b := a
		if st.End > st.Start {
			b = sf.Pos(st.End)
		}
		steps = append(steps, FindingStep{Path: sf.Path, Start: a, End: b, Message: Sanitize(clip(st.Message, evidenceMax))})
	}
	p.report(Finding{
		Rule:       p.Rule.ID,
		Severity:   sev,
		Category:   p.Rule.Category,
		Kind:       kind,
		Path:       f.Path,
		Start:      start,
		End:        end,
		Message:    Sanitize(msg),
		Evidence:   Sanitize(clip(strings.TrimSpace(ev), evidenceMax)),
		Unanalysed: d.Unanalysed,
		Steps:      steps,
	})
}

// illustration returns why embedded code (or the code it is embedded in)
// is an illustration, or "".
func illustration(f *skill.File) string {
	for ; f != nil && f.Embed != nil; f = f.Embed.Host {
		if f.Embed.Illustration != "" {
			return f.Embed.Illustration
		}
	}
	return ""
}

// Reportf reports a finding at byte offset off.
func (p *Pass) Reportf(off int, format string, args ...any) {
	p.Report(Diagnostic{Start: off, Message: fmt.Sprintf(format, args...)})
}

// ReportLine reports a finding at the start of 1-based line n.
func (p *Pass) ReportLine(n int, format string, args ...any) {
	p.Report(Diagnostic{Start: p.File.LineStart(n), Message: fmt.Sprintf(format, args...)})
}

// evidenceMax bounds the evidence excerpt of a finding, in bytes.
const evidenceMax = 240

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
