package audit

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
)

// MaxHTMLFindings caps the findings that neither block nor are high or
// critical, so that a registry-sized audit still opens in a browser. What
// blocks, and every high or critical finding, is always listed; the JSON
// report has everything.
const MaxHTMLFindings = 5000

// maxCaps is the number of capabilities listed per skill in the skills
// table (the rest are counted).
const maxCaps = 12

type bar struct {
	Key, Title string
	Total      int
	Y, LabelY  int
	EndX       int
	Shares     []share
}

type share struct {
	Sev  string
	X, W int
	N    int
}

type skillRow struct {
	Rank                 int
	Skill, Path, Verdict string
	Max                  string
	SevRank              int
	Findings             int
	Errors               int
	Rules                string
	Caps                 []string
	MoreCaps             int
}

type stepRow struct {
	File    string
	Line    int
	Message string
}

type findingRow struct {
	Rank                      int
	Skill, Path, Verdict      string
	File, InSkill             string
	Line                      int
	Rule, RuleTitle           string
	Category, CategoryTitle   string
	Severity                  string
	SevRank                   int
	Kind                      string
	Blocks                    bool
	Message, Evidence         string
	Steps                     []stepRow
	blocks, sev, kind, vorder int
}

type errorRow struct {
	Skill, Path, First, Full string
}

type option struct{ Value, Label string }

type page struct {
	Tool       report.Tool
	FailOn     string
	FailOnLint bool
	S          Summary
	CSP        template.HTMLAttr
	CSS        template.CSS
	JS         template.JS
	Bars       []bar
	ChartW     int
	ChartH     int
	TickY      int
	Ticks      []tick
	Severities []string
	Skills     []skillRow
	Findings   []findingRow
	Errors     []errorRow
	Rules      []option
	Categories []option
	Kinds      []string
	Truncated  int
	Shown      int
	MaxRest    int
}

type tick struct {
	X     int
	Label string
}

// kindRank orders evidence kinds by how much they say about risk.
var kindRank = map[analyzer.Evidence]int{analyzer.EvChain: 5, analyzer.EvIntegrity: 4, analyzer.EvIndicator: 3,
	analyzer.EvCapability: 2, analyzer.EvLint: 1}

var verdictRank = map[analyzer.Verdict]int{analyzer.VerdictBlock: 2, analyzer.VerdictWarn: 1}

// Chart geometry: labels on the left, bars from barX, barW wide at most.
const (
	barX = 300
	barW = 560
)

// WriteHTML writes a standalone HTML page a reviewer can triage from:
// totals (the errors card leads to the list of errors), a chart of
// findings by category and severity on a logarithmic scale (so a flood of
// lint does not flatten the security categories), every finding ordered by
// risk (blocking first, then severity, then evidence kind) with its
// evidence and chain steps, filters by verdict, severity, evidence kind,
// rule, category and text, the skills ordered by risk with their
// capabilities, and the analysis errors. Findings that block or are high
// or critical are never cut. All skill-controlled text is escaped by
// html/template; the page runs under a Content-Security-Policy that allows
// only its own inline script and style, by hash.
func WriteHTML(w io.Writer, r *report.Report, s Summary) error {
	p := page{Tool: r.Tool, FailOn: r.FailOn.String(), FailOnLint: r.FailOnLint, S: s,
		CSS: template.CSS(pageCSS), JS: template.JS(pageJS), CSP: template.HTMLAttr(`content="` + csp() + `"`)}
	for _, sev := range Severities {
		p.Severities = append(p.Severities, sev.String())
	}
	p.chart(s)

	policy := r.Policy()
	var all []findingRow
	rules, cats, kinds := map[string]string{}, map[string]string{}, map[string]bool{}
	for _, res := range r.Results {
		v := r.Verdict(res)
		name := analyzer.Sanitize(res.Skill.Name)
		ruleSet := map[string]bool{}
		n := 0
		for i := range res.Findings {
			f := &res.Findings[i]
			if f.Suppression != nil {
				continue
			}
			n++
			ruleSet[f.Rule] = true
			fr := findingRow{Skill: name, Path: res.Dir, Verdict: string(v), File: f.File, InSkill: f.Path, Line: f.Start.Line,
				Rule: f.Rule, Category: string(f.Category), CategoryTitle: f.Category.Title(),
				Severity: f.Severity.String(), SevRank: int(f.Severity), Kind: f.Kind.String(),
				Blocks: f.Blocks(policy), Message: f.Message, Evidence: f.Evidence,
				sev: int(f.Severity), kind: kindRank[f.Kind], vorder: verdictRank[v]}
			if fr.Kind == "" {
				fr.Kind = "finding"
			}
			if fr.Blocks {
				fr.blocks = 1
			}
			if rule := r.Rule(f.Rule); rule != nil {
				fr.RuleTitle = rule.Title
			}
			for _, st := range f.Steps {
				fr.Steps = append(fr.Steps, stepRow{File: st.File, Line: st.Start.Line, Message: st.Message})
			}
			rules[f.Rule] = fr.RuleTitle
			cats[fr.Category] = fr.CategoryTitle
			kinds[fr.Kind] = true
			all = append(all, fr)
		}
		for _, e := range res.Errors {
			p.Errors = append(p.Errors, errorRow{Skill: name, Path: res.Dir, First: report.FirstLine(e), Full: report.SanitizeLines(e)})
		}
		var rs []string
		for id := range ruleSet {
			rs = append(rs, id)
		}
		sort.Strings(rs)
		row := skillRow{Skill: name, Path: res.Dir, Verdict: string(v), Max: res.Max().String(), SevRank: int(res.Max()),
			Findings: n, Errors: len(res.Errors), Rules: strings.Join(rs, " ")}
		for i, c := range res.Capabilities {
			if i == maxCaps {
				row.MoreCaps = len(res.Capabilities) - maxCaps
				break
			}
			row.Caps = append(row.Caps, analyzer.Sanitize(c.String()))
		}
		p.Skills = append(p.Skills, row)
	}

	sort.SliceStable(all, func(i, j int) bool { return riskLess(&all[i], &all[j]) })
	kept := all[:0]
	rest := 0
	for _, f := range all {
		if f.Blocks || f.SevRank >= int(analyzer.High) {
			kept = append(kept, f)
		} else if rest < MaxHTMLFindings {
			kept = append(kept, f)
			rest++
		} else {
			p.Truncated++
		}
	}
	for i := range kept {
		kept[i].Rank = i + 1
	}
	p.Findings, p.Shown, p.MaxRest = kept, len(kept), MaxHTMLFindings

	sort.SliceStable(p.Skills, func(i, j int) bool {
		a, b := p.Skills[i], p.Skills[j]
		if va, vb := verdictRank[analyzer.Verdict(a.Verdict)], verdictRank[analyzer.Verdict(b.Verdict)]; va != vb {
			return va > vb
		}
		if a.SevRank != b.SevRank {
			return a.SevRank > b.SevRank
		}
		if a.Findings != b.Findings {
			return a.Findings > b.Findings
		}
		return a.Path < b.Path
	})
	for i := range p.Skills {
		p.Skills[i].Rank = i + 1
	}
	for id, title := range rules {
		p.Rules = append(p.Rules, option{id, id + " " + title})
	}
	sort.Slice(p.Rules, func(i, j int) bool { return p.Rules[i].Value < p.Rules[j].Value })
	for _, c := range analyzer.Categories() {
		if t, ok := cats[string(c)]; ok {
			p.Categories = append(p.Categories, option{string(c), string(c) + " " + t})
		}
	}
	for _, k := range []string{"chain", "integrity", "indicator", "capability", "lint", "finding"} {
		if kinds[k] {
			p.Kinds = append(p.Kinds, k)
		}
	}
	return pageTmpl.Execute(w, p)
}

// riskLess orders findings by risk: blocking first, then severity, then
// evidence kind (a chain says more than an indicator), then the skill's
// verdict, then location.
func riskLess(a, b *findingRow) bool {
	switch {
	case a.blocks != b.blocks:
		return a.blocks > b.blocks
	case a.sev != b.sev:
		return a.sev > b.sev
	case a.kind != b.kind:
		return a.kind > b.kind
	case a.vorder != b.vorder:
		return a.vorder > b.vorder
	case a.Path != b.Path:
		return a.Path < b.Path
	case a.File != b.File:
		return a.File < b.File
	case a.Line != b.Line:
		return a.Line < b.Line
	}
	return a.Rule < b.Rule
}

// chart lays out one bar per category. Bar length is logarithmic in the
// category's total (1 finding is a visible stub, the largest category
// spans the full width); the severities split each bar in proportion to
// their counts.
func (p *page) chart(s Summary) {
	maxN := 1
	for _, c := range s.ByCategory {
		maxN = max(maxN, c.N)
	}
	scale := func(n int) int {
		if n <= 0 {
			return 0
		}
		return 8 + int(math.Round(float64(barW-8)*math.Log10(float64(n))/math.Max(math.Log10(float64(maxN)), 1)))
	}
	// Security categories first (most findings first), lint last.
	cats := append([]Count(nil), s.ByCategory...)
	sort.SliceStable(cats, func(i, j int) bool {
		return cats[i].Key != string(analyzer.CatLint) && cats[j].Key == string(analyzer.CatLint)
	})
	for i, c := range cats {
		b := bar{Key: c.Key, Title: c.Title, Total: c.N, Y: 8 + i*26, LabelY: 23 + i*26}
		length := scale(c.N)
		x := 0
		for _, sev := range Severities {
			n := s.Matrix[c.Key][sev.String()]
			if n == 0 {
				continue
			}
			wd := max(length*n/c.N, 2)
			b.Shares = append(b.Shares, share{Sev: sev.String(), X: barX + x, W: wd, N: n})
			x += wd
		}
		b.EndX = barX + x + 6
		p.Bars = append(p.Bars, b)
	}
	p.ChartW = barX + barW + 80
	p.ChartH = 40 + 26*len(s.ByCategory)
	p.TickY = p.ChartH - 6
	for n := 1; n <= maxN*10 && n <= 1_000_000_000; n *= 10 {
		if x := scale(n); x <= barW {
			p.Ticks = append(p.Ticks, tick{X: barX + x, Label: fmt.Sprint(n)})
		}
	}
}

// csp allows nothing but the page's own inline style and script, by hash.
func csp() string {
	h := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'none'; style-src " + h(pageCSS) + "; script-src " + h(pageJS) +
		"; img-src 'none'; base-uri 'none'; form-action 'none'"
}

const pageCSS = `
:root{--crit:#7f1d1d;--high:#dc2626;--med:#d97706;--low:#2563eb;--info:#6b7280}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem auto;max-width:1680px;color:#111;padding:0 1.2rem}
h1{margin:0 0 .2rem} h2{margin:2rem 0 .6rem} .muted{color:#555}
a{color:#1d4ed8}
.cards{display:flex;gap:.8rem;flex-wrap:wrap;margin:1rem 0}
.card{border:1px solid #ddd;border-radius:8px;padding:.5rem .9rem;min-width:7.5rem;color:inherit;text-decoration:none;display:block}
a.card:hover{border-color:#1d4ed8}
.card b{display:block;font-size:1.6rem}
.c-block b{color:#b91c1c} .c-warn b{color:#b45309} .c-pass b{color:#15803d} .c-err b{color:#b91c1c}
svg text{font:12px system-ui,sans-serif} svg text.tick{fill:#777}
.sh-critical{fill:#7f1d1d} .sh-high{fill:#dc2626} .sh-medium{fill:#d97706} .sh-low{fill:#2563eb} .sh-info{fill:#9ca3af}
.legend span{display:inline-block;margin-right:1rem}
.sw{display:inline-block;width:12px;height:12px;vertical-align:-1px;margin-right:.3rem}
.sw-critical{background:#7f1d1d} .sw-high{background:#dc2626} .sw-medium{background:#d97706} .sw-low{background:#2563eb} .sw-info{background:#9ca3af}
.filters{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end;margin:.6rem 0;position:sticky;top:0;background:#fff;padding:.5rem 0;z-index:2;border-bottom:1px solid #eee}
.filters label{display:flex;flex-direction:column;font-size:12px;color:#444}
select,input{font:inherit;padding:.25rem .35rem;border:1px solid #bbb;border-radius:4px}
input[type=search]{width:18rem}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{border-bottom:1px solid #eee;padding:.35rem .45rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{cursor:pointer;background:#f5f5f5;user-select:none;position:sticky;top:0;z-index:1}
#findings th{top:3.6rem}
th::after{content:" \2195";color:#aaa}
td.n{text-align:right}
.v-block{color:#b91c1c;font-weight:600} .v-warn{color:#b45309} .v-pass{color:#15803d}
.s-critical{color:var(--crit);font-weight:700} .s-high{color:var(--high);font-weight:600} .s-medium{color:#b45309} .s-low{color:var(--low)} .s-info{color:var(--info)}
.k{display:inline-block;border-radius:3px;padding:0 .3rem;font-size:12px;background:#eee}
.k-chain{background:#fee2e2;color:#7f1d1d} .k-integrity{background:#fde68a} .k-indicator{background:#ffedd5} .k-capability{background:#e0e7ff} .k-lint{background:#f3f4f6;color:#555}
.blocks{font-size:11px;color:#b91c1c;font-weight:600;display:block}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
code.dir{display:block;color:#666;font-size:11px}
#f-rule,#f-cat{max-width:22rem}
pre.ev{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;background:#f8f8f8;padding:.2rem .35rem;border-radius:3px}
ol.steps{margin:.3rem 0 0;padding-left:1.3rem}
ol.steps code{color:#444}
.caps{margin:0;padding-left:1rem}
col.c-rank{width:3.2rem} col.c-sev{width:5.5rem} col.c-kind{width:6.5rem} col.c-rule{width:5rem} col.c-skill{width:11%}
col.c-loc{width:16%} col.c-msg{width:22%} col.c-ev{width:auto}
col.s-rank{width:3.2rem} col.s-skill{width:14%} col.s-path{width:22%} col.s-verdict{width:5rem} col.s-max{width:5.5rem} col.s-n{width:5rem} col.s-rules{width:14%}
tr[hidden]{display:none}
.note{background:#fff7ed;border:1px solid #fed7aa;padding:.5rem .8rem;border-radius:6px}
details summary{cursor:pointer}
`

const pageJS = `
(function(){
"use strict";
function $(s){return document.querySelector(s);}
function each(list,f){Array.prototype.forEach.call(list,f);}
var rows=document.querySelectorAll("#findings tbody tr");
function apply(){
 var v=$("#f-verdict").value,s=parseInt($("#f-sev").value,10),k=$("#f-kind").value,r=$("#f-rule").value,c=$("#f-cat").value,q=$("#f-text").value.toLowerCase(),n=0;
 each(rows,function(tr){
  var d=tr.dataset,ok=(!v||d.verdict===v)&&(parseInt(d.sev,10)>=s)&&(!k||d.kind===k)&&(!r||d.rule===r)&&(!c||d.cat===c)&&(!q||tr.textContent.toLowerCase().indexOf(q)>=0);
  tr.hidden=!ok;if(ok){n++;}
 });
 $("#f-count").textContent=n+" of "+rows.length+" shown";
}
each(document.querySelectorAll(".filters select, .filters input"),function(el){el.addEventListener("input",apply);el.addEventListener("change",apply);});
$("#f-reset").addEventListener("click",function(){each(document.querySelectorAll(".filters select"),function(el){el.selectedIndex=0;});$("#f-text").value="";apply();});
each(document.querySelectorAll("a[data-verdict]"),function(a){a.addEventListener("click",function(){$("#f-verdict").value=a.dataset.verdict;apply();});});
var sq=$("#s-text");
if(sq){sq.addEventListener("input",function(){var q=sq.value.toLowerCase();each(document.querySelectorAll("#skills tbody tr"),function(tr){tr.hidden=tr.textContent.toLowerCase().indexOf(q)<0;});});}
each(document.querySelectorAll("th"),function(th){th.addEventListener("click",function(){
 var t=th.closest("table"),b=t.tBodies[0],i=Array.prototype.indexOf.call(th.parentNode.children,th),num=th.hasAttribute("data-num");
 var dir=th.dataset.dir==="asc"?-1:1;th.dataset.dir=dir===1?"asc":"desc";
 var rs=Array.prototype.slice.call(b.rows);
 rs.sort(function(x,y){var a=x.cells[i],c=y.cells[i],av=a.dataset.v||a.textContent,cv=c.dataset.v||c.textContent;
  if(num){return dir*(parseFloat(av)-parseFloat(cv));}return dir*av.localeCompare(cv);});
 rs.forEach(function(r){b.appendChild(r);});});});
apply();
})();
`

var pageTmpl = template.Must(template.New("audit").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" {{.CSP}}>
<title>skillvet audit</title>
<style>{{.CSS}}</style></head><body>
<h1>skillvet audit</h1>
<div class="muted">{{.Tool.Name}} {{.Tool.Version}} · fail-on {{.FailOn}}{{if .FailOnLint}} (lint included){{end}}</div>
<div class="cards">
<a class="card" href="#skills-h"><b>{{.S.Skills}}</b>skills</a>
<a class="card c-block" href="#findings-h" data-verdict="block"><b>{{.S.Blocked}}</b>blocked</a>
<a class="card c-warn" href="#findings-h" data-verdict="warn"><b>{{.S.Warned}}</b>warned</a>
<div class="card c-pass"><b>{{.S.Passed}}</b>passed</div>
<a class="card" href="#findings-h"><b>{{.S.Findings}}</b>findings</a>
{{if .S.Errors}}<a class="card c-err" id="errors-card" href="#errors-h"><b>{{.S.Errors}}</b>analysis errors</a>{{else}}<div class="card" id="errors-card"><b>0</b>analysis errors</div>{{end}}
</div>
<h2 id="chart-h">Findings by category and severity</h2>
{{if .Bars}}<svg id="chart" width="{{.ChartW}}" height="{{.ChartH}}" role="img" aria-label="Findings by category and severity, logarithmic scale">
{{range .Bars}}<g class="bar" data-cat="{{.Key}}" data-total="{{.Total}}"><text x="0" y="{{.LabelY}}">{{.Key}} {{.Title}}</text>
{{$y := .Y}}{{range .Shares}}<rect class="share sh-{{.Sev}}" data-sev="{{.Sev}}" x="{{.X}}" y="{{$y}}" width="{{.W}}" height="20"><title>{{.Sev}}: {{.N}}</title></rect>{{end}}<text x="{{.EndX}}" y="{{.LabelY}}">{{.Total}}</text></g>
{{end}}{{range .Ticks}}<text class="tick" x="{{.X}}" y="{{$.TickY}}" text-anchor="middle">{{.Label}}</text>{{end}}
</svg>
<div class="legend muted">{{range .Severities}}<span><i class="sw sw-{{.}}"></i>{{.}}</span>{{end}} · bar length is logarithmic in the number of findings</div>
{{else}}<p>No findings.</p>{{end}}

<h2 id="findings-h">Findings, most risky first</h2>
{{if .Truncated}}<p class="note" id="truncated">Every finding that blocks a skill or is high or critical is listed, and the {{.MaxRest}} riskiest of the others; {{.Truncated}} lower-severity finding(s) are not listed here. audit.json has all of them.</p>{{end}}
<section id="findings-sec">
<div class="filters">
<label>verdict<select id="f-verdict"><option value="">any</option><option value="block">block</option><option value="warn">warn</option></select></label>
<label>severity at least<select id="f-sev"><option value="0">any</option><option value="5">critical</option><option value="4">high</option><option value="3">medium</option><option value="2">low</option></select></label>
<label>evidence<select id="f-kind"><option value="">any</option>{{range .Kinds}}<option value="{{.}}">{{.}}</option>{{end}}</select></label>
<label>rule<select id="f-rule"><option value="">any</option>{{range .Rules}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</select></label>
<label>category<select id="f-cat"><option value="">any</option>{{range .Categories}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</select></label>
<label>text<input type="search" id="f-text" placeholder="skill, file, message, evidence…"></label>
<button type="button" id="f-reset">reset</button>
<span class="muted" id="f-count"></span>
</div>
<table id="findings"><colgroup><col class="c-rank"><col class="c-sev"><col class="c-kind"><col class="c-rule"><col class="c-skill"><col class="c-loc"><col class="c-msg"><col class="c-ev"></colgroup>
<thead><tr><th data-num>#</th><th data-num>severity</th><th>evidence</th><th>rule</th><th>skill</th><th>location</th><th>message</th><th>evidence excerpt and chain</th></tr></thead><tbody>
{{range .Findings}}<tr data-verdict="{{.Verdict}}" data-sev="{{.SevRank}}" data-kind="{{.Kind}}" data-rule="{{.Rule}}" data-cat="{{.Category}}"><td class="n">{{.Rank}}</td><td class="s-{{.Severity}}" data-v="{{.SevRank}}">{{.Severity}}{{if .Blocks}}<span class="blocks">blocks</span>{{end}}</td><td><span class="k k-{{.Kind}}">{{.Kind}}</span></td><td title="{{.RuleTitle}}">{{.Rule}}</td><td><span class="v-{{.Verdict}}">{{.Skill}}</span><code class="dir">{{.Path}}</code></td><td title="{{.File}}"><code>{{.InSkill}}:{{.Line}}</code></td><td>{{.Message}}</td><td>{{if .Evidence}}<pre class="ev">{{.Evidence}}</pre>{{end}}{{if .Steps}}<ol class="steps">{{range .Steps}}<li><code>{{.File}}:{{.Line}}</code> {{.Message}}</li>{{end}}</ol>{{end}}</td></tr>
{{end}}</tbody></table>
</section>

<h2 id="skills-h">Skills, most risky first</h2>
<input type="search" id="s-text" placeholder="filter skills…">
<table id="skills"><colgroup><col class="s-rank"><col class="s-skill"><col class="s-path"><col class="s-verdict"><col class="s-max"><col class="s-n"><col class="s-rules"><col></colgroup>
<thead><tr><th data-num>#</th><th>skill</th><th>path</th><th>verdict</th><th data-num>max</th><th data-num>findings</th><th>rules</th><th>capabilities</th></tr></thead><tbody>
{{range .Skills}}<tr><td class="n">{{.Rank}}</td><td>{{.Skill}}</td><td><code>{{.Path}}</code></td><td class="v-{{.Verdict}}">{{.Verdict}}{{if .Errors}} ({{.Errors}} error(s)){{end}}</td><td class="s-{{.Max}}" data-v="{{.SevRank}}">{{.Max}}</td><td class="n">{{.Findings}}</td><td><code>{{.Rules}}</code></td><td>{{if .Caps}}<ul class="caps">{{range .Caps}}<li>{{.}}</li>{{end}}{{if .MoreCaps}}<li class="muted">{{.MoreCaps}} more</li>{{end}}</ul>{{end}}</td></tr>
{{end}}</tbody></table>

<h2 id="errors-h">Analysis errors</h2>
{{if .Errors}}<p>Each skill below was not fully analysed and is blocked (the scanner fails closed).</p>
<table id="errors"><thead><tr><th>skill</th><th>path</th><th>error</th></tr></thead><tbody>
{{range .Errors}}<tr><td>{{.Skill}}</td><td><code>{{.Path}}</code></td><td><details><summary>{{.First}}</summary><pre class="ev">{{.Full}}</pre></details></td></tr>
{{end}}</tbody></table>{{else}}<p id="no-errors">None: every skill was analysed completely.</p>{{end}}
<script>{{.JS}}</script>
</body></html>
`))
