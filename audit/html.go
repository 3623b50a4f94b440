package audit

import (
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
)

// MaxHTMLFindings caps the findings table so a registry-sized audit still
// opens in a browser; the JSON report has everything.
const MaxHTMLFindings = 5000

type bar struct {
	Label  string
	Total  int
	Y      int
	Shares []share
}

type share struct {
	Sev   string
	Color string
	X, W  int
	N     int
}

type row struct {
	Skill, Path, Verdict, Max string
	Findings                  int
	Rules                     string
	SevRank                   int
}

type findingRow struct {
	Skill, File, Rule, Severity, Message string
	Line, SevRank                        int
}

type page struct {
	Tool      report.Tool
	FailOn    string
	S         Summary
	Bars      []bar
	ChartH    int
	Legend    []share
	Skills    []row
	Findings  []findingRow
	Truncated int
}

var sevColor = map[string]string{"critical": "#7f1d1d", "high": "#dc2626", "medium": "#f59e0b", "low": "#3b82f6", "info": "#9ca3af"}

// WriteHTML writes a standalone HTML page: totals, a chart of findings by
// category and severity, and sortable tables of skills and findings. All
// skill-controlled text is escaped by html/template.
func WriteHTML(w io.Writer, r *report.Report, s Summary) error {
	p := page{Tool: r.Tool, FailOn: r.FailOn.String(), S: s}
	maxN := 1
	for _, c := range s.ByCategory {
		if c.N > maxN {
			maxN = c.N
		}
	}
	for i, c := range s.ByCategory {
		b := bar{Label: c.Key + " " + c.Title, Total: c.N, Y: 10 + i*28}
		x := 0
		for _, sev := range Severities {
			n := s.Matrix[c.Key][sev.String()]
			if n == 0 {
				continue
			}
			wd := n * 600 / maxN
			if wd < 2 {
				wd = 2
			}
			b.Shares = append(b.Shares, share{Sev: sev.String(), Color: sevColor[sev.String()], X: 260 + x, W: wd, N: n})
			x += wd
		}
		p.Bars = append(p.Bars, b)
	}
	p.ChartH = 20 + 28*len(s.ByCategory)
	for i, sev := range Severities {
		p.Legend = append(p.Legend, share{Sev: sev.String(), Color: sevColor[sev.String()], X: 260 + i*110})
	}
	total := 0
	for _, res := range r.Results {
		rules := map[string]bool{}
		n := 0
		for _, f := range res.Findings {
			if f.Suppression != nil {
				continue
			}
			n++
			rules[f.Rule] = true
			if total < MaxHTMLFindings {
				p.Findings = append(p.Findings, findingRow{Skill: analyzer.Sanitize(res.Skill.Name), File: f.File, Line: f.Start.Line,
					Rule: f.Rule, Severity: f.Severity.String(), SevRank: int(f.Severity), Message: f.Message})
			} else {
				p.Truncated++
			}
			total++
		}
		var rs []string
		for id := range rules {
			rs = append(rs, id)
		}
		sort.Strings(rs)
		p.Skills = append(p.Skills, row{Skill: analyzer.Sanitize(res.Skill.Name), Path: res.Dir, Verdict: string(r.Verdict(res)),
			Max: res.Max().String(), SevRank: int(res.Max()), Findings: n, Rules: strings.Join(rs, " ")})
	}
	return pageTmpl.Execute(w, p)
}

var pageTmpl = template.Must(template.New("audit").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>skillvet audit</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#111;padding:0 1rem}
h1{margin-bottom:.2rem} .muted{color:#666}
.cards{display:flex;gap:1rem;flex-wrap:wrap;margin:1rem 0}
.card{border:1px solid #ddd;border-radius:8px;padding:.6rem 1rem;min-width:7rem}
.card b{display:block;font-size:1.6rem}
.block b{color:#b91c1c} .warn b{color:#b45309} .pass b{color:#15803d}
table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{border-bottom:1px solid #eee;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{cursor:pointer;background:#f7f7f7;position:sticky;top:0;user-select:none}
th::after{content:" \2195";color:#aaa}
td.n{text-align:right} .v-block{color:#b91c1c;font-weight:600} .v-warn{color:#b45309}
.s-critical{color:#7f1d1d;font-weight:700} .s-high{color:#dc2626} .s-medium{color:#b45309} .s-low{color:#2563eb} .s-info{color:#6b7280}
code{font-size:12px;word-break:break-all}
input{padding:.3rem;width:20rem}
</style></head><body>
<h1>skillvet audit</h1>
<div class="muted">{{.Tool.Name}} {{.Tool.Version}} · fail-on {{.FailOn}}</div>
<div class="cards">
<div class="card"><b>{{.S.Skills}}</b>skills</div>
<div class="card block"><b>{{.S.Blocked}}</b>blocked</div>
<div class="card warn"><b>{{.S.Warned}}</b>warned</div>
<div class="card pass"><b>{{.S.Passed}}</b>passed</div>
<div class="card"><b>{{.S.Findings}}</b>findings</div>
<div class="card"><b>{{.S.Errors}}</b>errors</div>
</div>
<h2>Findings by category and severity</h2>
{{if .Bars}}<svg width="900" height="{{.ChartH}}" role="img" aria-label="Findings by category and severity">
{{range .Bars}}<text x="0" y="{{.Y}}" dy="14" font-size="13">{{.Label}}</text>
{{$y := .Y}}{{range .Shares}}<rect x="{{.X}}" y="{{$y}}" width="{{.W}}" height="20" fill="{{.Color}}"><title>{{.Sev}}: {{.N}}</title></rect>{{end}}
{{end}}</svg>
<div>{{range .Legend}}<span style="display:inline-block;width:12px;height:12px;background:{{.Color}}"></span> {{.Sev}} &nbsp; {{end}}</div>
{{else}}<p>No findings.</p>{{end}}
<h2>Skills</h2>
<input id="q" placeholder="filter skills…" oninput="filt(this.value)">
<table id="skills"><thead><tr><th>skill</th><th>path</th><th>verdict</th><th data-num>max</th><th data-num>findings</th><th>rules</th></tr></thead><tbody>
{{range .Skills}}<tr><td>{{.Skill}}</td><td><code>{{.Path}}</code></td><td class="v-{{.Verdict}}">{{.Verdict}}</td><td class="s-{{.Max}}" data-v="{{.SevRank}}">{{.Max}}</td><td class="n">{{.Findings}}</td><td><code>{{.Rules}}</code></td></tr>
{{end}}</tbody></table>
<h2>Findings</h2>
<table id="findings"><thead><tr><th>skill</th><th>file</th><th data-num>line</th><th>rule</th><th data-num>severity</th><th>message</th></tr></thead><tbody>
{{range .Findings}}<tr><td>{{.Skill}}</td><td><code>{{.File}}</code></td><td class="n">{{.Line}}</td><td>{{.Rule}}</td><td class="s-{{.Severity}}" data-v="{{.SevRank}}">{{.Severity}}</td><td>{{.Message}}</td></tr>
{{end}}</tbody></table>
{{if .Truncated}}<p class="muted">{{.Truncated}} more findings are in the JSON report.</p>{{end}}
<script>
document.querySelectorAll("th").forEach(function(th){th.addEventListener("click",function(){
 var t=th.closest("table"),b=t.tBodies[0],i=Array.prototype.indexOf.call(th.parentNode.children,th),num=th.hasAttribute("data-num");
 var dir=th.dataset.dir==="asc"?-1:1;th.dataset.dir=dir===1?"asc":"desc";
 var rows=Array.prototype.slice.call(b.rows);
 rows.sort(function(x,y){var a=x.cells[i],c=y.cells[i];var av=a.dataset.v||a.textContent,cv=c.dataset.v||c.textContent;
  if(num){return dir*(parseFloat(av)-parseFloat(cv));}return dir*av.localeCompare(cv);});
 rows.forEach(function(r){b.appendChild(r);});});});
function filt(q){q=q.toLowerCase();Array.prototype.forEach.call(document.getElementById("skills").tBodies[0].rows,function(r){r.style.display=r.textContent.toLowerCase().indexOf(q)>=0?"":"none";});}
</script>
</body></html>
`))
