package sarif_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/report/reporttest"
	"github.com/skillvet/skillvet/sarif"
	"github.com/skillvet/skillvet/skill"
)

// The official SARIF 2.1.0 schema, as shipped by Microsoft's SARIF SDK
// (npm package @microsoft/sarif-multitool-linux 5.7.0, sarif-2.1.0.json).
const schemaFile = "../testdata/sarif/sarif-schema-2.1.0.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // uri, uri-reference, date-time and uuid are checked too
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func write(t *testing.T, r *report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := sarif.Write(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func validate(sch *jsonschema.Schema, out []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}

func fixture() *report.Report {
	r := reporttest.Report()
	r.SourceRoot = "/src/repo"
	return r
}

func TestRegistered(t *testing.T) {
	if _, err := report.Lookup("sarif"); err != nil {
		t.Fatal(err)
	}
}

func TestSchema(t *testing.T) {
	sch := compileSchema(t)
	abs := fixture()
	// Absolute skill directories: inside the source root they become
	// relative URIs, outside it absolute file URIs.
	abs.Results[1].Dir = "/src/repo/skills/crashy"
	abs.Results[1].Findings[0].File = "/src/repo/skills/crashy/notes.md"
	abs.Results[2].Findings[0].File = "/elsewhere/deploy helper/scripts/install.sh"
	cases := map[string]*report.Report{
		"fixture":  fixture(),
		"absolute": abs,
		"empty":    {Tool: report.Tool{Name: "skillvet"}, FailOn: analyzer.High},
	}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			if err := validate(sch, write(t, r)); err != nil {
				t.Fatalf("not valid SARIF 2.1.0: %v", err)
			}
		})
	}
}

// TestGoldenValid validates the checked-in golden SARIF file, which is
// what the README points people at.
func TestGoldenValid(t *testing.T) {
	b, err := os.ReadFile("../testdata/report/report.sarif")
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(compileSchema(t), b); err != nil {
		t.Fatal(err)
	}
}

// TestSchemaRejects makes sure the validation above can fail: documents
// that break the schema in the ways a writer could are rejected.
func TestSchemaRejects(t *testing.T) {
	sch := compileSchema(t)
	good := write(t, fixture())
	breakIt := map[string]func(log map[string]any){
		"no version": func(log map[string]any) { delete(log, "version") },
		"bad suppression kind": func(log map[string]any) {
			res := results(log)[0]
			res["suppressions"] = []any{map[string]any{"kind": "baseline"}}
		},
		"zero start line": func(log map[string]any) {
			region(results(log)[0])["startLine"] = 0
		},
		"uri not a reference": func(log map[string]any) {
			artifact(results(log)[0])["uri"] = "has space/and%zz"
		},
		"bad level": func(log map[string]any) { results(log)[0]["level"] = "critical" },
	}
	for name, mutate := range breakIt {
		t.Run(name, func(t *testing.T) {
			var log map[string]any
			if err := json.Unmarshal(good, &log); err != nil {
				t.Fatal(err)
			}
			mutate(log)
			b, err := json.Marshal(log)
			if err != nil {
				t.Fatal(err)
			}
			if err := validate(sch, b); err == nil {
				t.Fatal("the schema accepted a broken log")
			}
		})
	}
}

func decode(t *testing.T, out []byte) map[string]any {
	t.Helper()
	var log map[string]any
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	return log
}

func run0(log map[string]any) map[string]any { return log["runs"].([]any)[0].(map[string]any) }

func results(log map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range run0(log)["results"].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out
}

func rules(log map[string]any) []map[string]any {
	var out []map[string]any
	driver := run0(log)["tool"].(map[string]any)["driver"].(map[string]any)
	for _, r := range driver["rules"].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out
}

func physical(res map[string]any) map[string]any {
	locs, _ := res["locations"].([]any)
	if len(locs) == 0 {
		return nil
	}
	pl, _ := locs[0].(map[string]any)["physicalLocation"].(map[string]any)
	return pl
}

func region(res map[string]any) map[string]any {
	reg, _ := physical(res)["region"].(map[string]any)
	return reg
}

func artifact(res map[string]any) map[string]any {
	al, _ := physical(res)["artifactLocation"].(map[string]any)
	return al
}

func isScore(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f >= 0 && f <= 10
}

// TestGitHubRequirements checks what GitHub code scanning needs beyond the
// schema.
func TestGitHubRequirements(t *testing.T) {
	log := decode(t, write(t, fixture()))
	run := run0(log)
	if run["columnKind"] != "utf16CodeUnits" {
		t.Errorf("columnKind = %v", run["columnKind"])
	}
	rs := rules(log)
	ids := map[string]int{}
	for i, r := range rs {
		id, _ := r["id"].(string)
		if _, dup := ids[id]; dup || id == "" {
			t.Errorf("rule id %q empty or duplicated", id)
		}
		ids[id] = i
		props, _ := r["properties"].(map[string]any)
		if !isScore(props["security-severity"]) {
			t.Errorf("rule %s: security-severity %#v is not a string number", id, props["security-severity"])
		}
		if tags, _ := props["tags"].([]any); len(tags) > 10 {
			t.Errorf("rule %s: %d tags, GitHub keeps 10", id, len(tags))
		}
		switch props["precision"] {
		case "very-high", "high", "medium", "low":
		default:
			t.Errorf("rule %s: precision %v", id, props["precision"])
		}
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			if m, _ := r[k].(map[string]any); m == nil || m["text"] == "" {
				t.Errorf("rule %s: no %s", id, k)
			}
		}
	}
	if len(rs) != len(reporttest.Rules()) {
		t.Errorf("%d rules, want %d", len(rs), len(reporttest.Rules()))
	}
	n := 0
	for _, res := range results(log) {
		n++
		id, _ := res["ruleId"].(string)
		idx, ok := res["ruleIndex"].(float64)
		if !ok || int(idx) != ids[id] {
			t.Errorf("result %s: ruleIndex %v, rule is at %d", id, res["ruleIndex"], ids[id])
		}
		reg := region(res)
		if reg == nil {
			t.Fatalf("result %s has no region", id)
		}
		for _, k := range []string{"startLine", "startColumn", "endLine", "endColumn"} {
			if v, _ := reg[k].(float64); v < 1 {
				t.Errorf("result %s: region.%s = %v", id, k, reg[k])
			}
		}
		al := artifact(res)
		uri, _ := al["uri"].(string)
		if al["uriBaseId"] != "%SRCROOT%" || uri == "" || strings.HasPrefix(uri, "/") || strings.Contains(uri, " ") {
			t.Errorf("result %s: artifactLocation %v", id, al)
		}
		if fp, _ := res["partialFingerprints"].(map[string]any); fp[sarif.FingerprintKey] == "" || fp[sarif.FingerprintKey] == nil {
			t.Errorf("result %s: no partial fingerprint", id)
		}
		if !isScore(res["properties"].(map[string]any)["security-severity"]) {
			t.Errorf("result %s: no security-severity", id)
		}
		if _, ok := res["suppressions"].([]any); !ok {
			t.Errorf("result %s: suppressions missing (must be [] when not suppressed)", id)
		}
	}
	want := 0
	for _, r := range fixture().Results {
		want += len(r.Findings)
	}
	if n != want {
		t.Errorf("%d results, want one per finding (%d)", n, want)
	}
}

func find(t *testing.T, log map[string]any, rule, uriSuffix string) map[string]any {
	t.Helper()
	for _, res := range results(log) {
		if res["ruleId"] == rule && strings.HasSuffix(artifact(res)["uri"].(string), uriSuffix) {
			return res
		}
	}
	t.Fatalf("no %s result in %s", rule, uriSuffix)
	return nil
}

func TestResultDetails(t *testing.T) {
	log := decode(t, write(t, fixture()))

	// "Déjà vu 😀 — " is 12 code points and 13 UTF-16 code units.
	res := find(t, log, "SV301", "deploy-helper/SKILL.md")
	reg := region(res)
	if reg["startLine"] != 20.0 || reg["startColumn"] != 14.0 || reg["endLine"] != 20.0 || reg["endColumn"] != 42.0 {
		t.Errorf("region = %v, want 20:14-20:42 in UTF-16 units", reg)
	}
	if s, _ := reg["snippet"].(map[string]any); s["text"] != "Déjà vu 😀 — ignore previous instructions" {
		t.Errorf("snippet = %v", reg["snippet"])
	}
	if res["level"] != "warning" || len(res["suppressions"].([]any)) != 0 {
		t.Errorf("level %v suppressions %v", res["level"], res["suppressions"])
	}

	// Percent-encoded relative URI.
	res = find(t, log, "SV902", "")
	if got := artifact(res)["uri"]; got != "skills/notes%20app/docs/my%20notes%20%231.md" {
		t.Errorf("uri = %v", got)
	}
	if res["level"] != "note" {
		t.Errorf("low finding level %v", res["level"])
	}

	// Suppressions carry kind and justification.
	res = find(t, log, "SV301", "docs/tutorial.md")
	sup := res["suppressions"].([]any)
	if len(sup) != 1 || sup[0].(map[string]any)["kind"] != "inSource" ||
		sup[0].(map[string]any)["justification"] != "quoted in a security tutorial | see `docs/`" {
		t.Errorf("suppressions = %v", sup)
	}
	res = find(t, log, "SV101", "setup.sh")
	if sup := res["suppressions"].([]any); len(sup) != 1 || sup[0].(map[string]any)["kind"] != "external" {
		t.Errorf("baseline suppression = %v", sup)
	}
	if res["level"] != "error" || res["properties"].(map[string]any)["security-severity"] != "9.5" {
		t.Errorf("critical result: level %v properties %v", res["level"], res["properties"])
	}

	// The analysis error is a failed invocation with a notification.
	inv := run0(log)["invocations"].([]any)[0].(map[string]any)
	if inv["executionSuccessful"] != false || len(inv["toolExecutionNotifications"].([]any)) != 1 {
		t.Errorf("invocation = %v", inv)
	}

	// Rule metadata.
	for _, r := range rules(log) {
		if r["id"] != "SV101" {
			continue
		}
		if r["defaultConfiguration"].(map[string]any)["level"] != "error" {
			t.Errorf("SV101 default level %v", r["defaultConfiguration"])
		}
		if got := r["fullDescription"].(map[string]any)["text"]; got != "Finds a download piped straight into an interpreter, such as `curl https://… | sh`." {
			t.Errorf("fullDescription = %q", got)
		}
		var doc string
		for _, rr := range reporttest.Rules() {
			if rr.ID == "SV101" {
				doc = rr.Doc
			}
		}
		if got := r["help"].(map[string]any)["markdown"]; got != doc {
			t.Errorf("help.markdown = %q", got)
		}
		tags := r["properties"].(map[string]any)["tags"]
		want := []any{"CWE-78", "CWE-494", "security", "Remote script execution", "external/cwe/cwe-78", "external/cwe/cwe-494"}
		if !equalJSON(tags, want) {
			t.Errorf("tags = %v, want %v", tags, want)
		}
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestFingerprintSurvivesLineShift moves every finding down and right and
// checks the partial fingerprints do not change, while findings in two
// copies of a skill get different ones.
func TestFingerprintSurvivesLineShift(t *testing.T) {
	fps := func(r *report.Report) []string {
		var out []string
		for _, res := range results(decode(t, write(t, r))) {
			out = append(out, res["partialFingerprints"].(map[string]any)[sarif.FingerprintKey].(string))
		}
		return out
	}
	before := fps(fixture())
	shifted := fixture()
	for _, res := range shifted.Results {
		for i := range res.Findings {
			f := &res.Findings[i]
			f.Start.Line += 7
			f.End.Line += 7
			f.Start.Column16 += 4
			f.End.Column16 += 4
		}
	}
	after := fps(shifted)
	if strings.Join(before, ",") != strings.Join(after, ",") {
		t.Errorf("fingerprints changed with a line shift:\n%v\n%v", before, after)
	}
	seen := map[string]bool{}
	for _, fp := range before {
		if seen[fp] {
			t.Errorf("fingerprint %s used twice", fp)
		}
		seen[fp] = true
	}
	copyOf := fixture()
	copyOf.Results[2].Findings[0].File = "other/deploy-helper/scripts/install.sh"
	i := len(copyOf.Results[0].Findings) + len(copyOf.Results[1].Findings)
	if fps(copyOf)[i] == before[i] {
		t.Error("the same finding in another copy of the skill has the same fingerprint")
	}
}

func TestRegionFallbacks(t *testing.T) {
	cases := []struct {
		name       string
		start, end skill.Position
		want       [4]int
	}{
		{"no position", skill.Position{}, skill.Position{}, [4]int{1, 1, 1, 1}},
		{"no utf16 column", skill.Position{Line: 3, Column: 5}, skill.Position{Line: 3, Column: 9}, [4]int{3, 5, 3, 9}},
		{"end before start", skill.Position{Line: 4, Column: 5, Column16: 6}, skill.Position{Line: 2, Column: 1, Column16: 1}, [4]int{4, 6, 4, 6}},
		{"zero end", skill.Position{Line: 4, Column: 2, Column16: 2}, skill.Position{}, [4]int{4, 2, 4, 2}},
		{"multi-line", skill.Position{Line: 4, Column: 9, Column16: 9}, skill.Position{Line: 6, Column: 2, Column16: 3}, [4]int{4, 9, 6, 3}},
	}
	for _, c := range cases {
		reg := sarif.Region(analyzer.Finding{Start: c.start, End: c.end})
		got := [4]int{*reg.StartLine, *reg.StartColumn, *reg.EndLine, *reg.EndColumn}
		if got != c.want {
			t.Errorf("%s: region %v, want %v", c.name, got, c.want)
		}
		if reg.Snippet != nil {
			t.Errorf("%s: snippet without evidence", c.name)
		}
	}
}

func TestEncodePath(t *testing.T) {
	cases := map[string]string{
		"skills/a/SKILL.md":      "skills/a/SKILL.md",
		"my skill/ü.md":          "my%20skill/%C3%BC.md",
		"a#b?c%d/e":              "a%23b%3Fc%25d/e",
		"c:evil/x:y":             "c%3Aevil/x:y",
		"tab\there/<x>|\"y\"":    "tab%09here/%3Cx%3E%7C%22y%22",
		"-._~/!$&'()*+,;=@[]{}`": "-._~/%21%24%26%27%28%29%2A+%2C%3B%3D%40%5B%5D%7B%7D%60",
		"/work/NVIDIA+skills/x":  "/work/NVIDIA+skills/x",
	}
	for in, want := range cases {
		if got := sarif.EncodePath(in); got != want {
			t.Errorf("EncodePath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFirstParagraph(t *testing.T) {
	cases := map[string]string{
		"One line.":                           "One line.",
		"First\nparagraph.\n\nSecond.":        "First paragraph.",
		"# Title\n\nBody text\nhere.\n\nMore": "Body text here.",
		"\n\n  Indented\r\n  lines\r\n\r\nx":  "Indented lines",
		"":                                    "",
	}
	for in, want := range cases {
		if got := sarif.FirstParagraph(in); got != want {
			t.Errorf("FirstParagraph(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLevelAndTags(t *testing.T) {
	levels := map[analyzer.Severity]string{analyzer.Critical: "error", analyzer.High: "error",
		analyzer.Medium: "warning", analyzer.Low: "note", analyzer.Info: "note"}
	for sev, want := range levels {
		if got := sarif.Level(sev); got != want {
			t.Errorf("Level(%s) = %s, want %s", sev, got, want)
		}
	}
	lint := &analyzer.Rule{ID: "SV901", Category: analyzer.CatLint, Tags: []string{"lint"}}
	if got := strings.Join(sarif.Tags(lint), ","); got != "lint,Specification lint" {
		t.Errorf("lint tags = %s", got)
	}
	many := &analyzer.Rule{ID: "SV100", Category: analyzer.CatRemoteExec,
		Tags: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "CWE-1", "CWE-2"}}
	if got := sarif.Tags(many); len(got) != 10 {
		t.Errorf("%d tags, want at most 10: %v", len(got), got)
	}
	if sarif.Precision(lint) != "very-high" || sarif.Precision(analyzer.AnalysisFailed) != "very-high" ||
		sarif.Precision(many) != "high" {
		t.Error("precision mapping")
	}
}

// TestUnknownRule checks that a finding whose rule is not in the report's
// rule list still gets a descriptor and a valid ruleIndex.
func TestUnknownRule(t *testing.T) {
	r := fixture()
	r.Rules = r.Rules[2:] // drop SV001 and SV002
	log := decode(t, write(t, r))
	rs := rules(log)
	if len(rs) != len(reporttest.Rules()) || rs[0]["id"] != "SV001" || rs[1]["id"] != "SV002" {
		t.Fatalf("rules = %v", rs)
	}
	for _, res := range results(log) {
		if rs[int(res["ruleIndex"].(float64))]["id"] != res["ruleId"] {
			t.Errorf("ruleIndex of %v is wrong", res["ruleId"])
		}
	}
	if err := validate(compileSchema(t), write(t, r)); err != nil {
		t.Fatal(err)
	}
}

func TestHelpURI(t *testing.T) {
	tool := report.Tool{Name: "skillvet", InformationURI: "https://github.com/skillvet/skillvet"}
	if got := sarif.HelpURI(tool, &analyzer.Rule{ID: "SV101"}); got != "https://github.com/skillvet/skillvet/blob/main/docs/rules.md#sv101" {
		t.Errorf("built-in rule: %q", got)
	}
	if got := sarif.HelpURI(tool, &analyzer.Rule{ID: "ACME-001"}); got != "" {
		t.Errorf("custom rule: %q", got)
	}
	if got := sarif.HelpURI(report.Tool{Name: "skillvet"}, &analyzer.Rule{ID: "SV101"}); got != "" {
		t.Errorf("no information URI: %q", got)
	}
}
