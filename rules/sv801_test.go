package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// capRecorder records the capabilities written in a text file, one per
// line as "CAP kind target", so the correlator can be tested apart from
// the rules that record them.
var capRecorder = &analyzer.Rule{ID: "SV899", Name: "cap-recorder", Title: "t", Doc: "d", Severity: analyzer.Info,
	Category: analyzer.CatExfiltration, Evidence: analyzer.EvCapability, Inputs: analyzer.InText,
	Run: func(p *analyzer.Pass) error {
		off := 0
		for _, l := range strings.SplitAfter(string(p.File.Content), "\n") {
			if f := strings.Fields(l); len(f) == 3 && f[0] == "CAP" {
				p.Capability(analyzer.CapKind(f[1]), f[2], off)
			}
			off += len(l)
		}
		return nil
	}}

func TestSecretToNetworkChain(t *testing.T) {
	const manifest = "---\nname: s\ndescription: d\n---\n# s\n"
	cases := []struct {
		name  string
		files map[string]string
		want  analyzer.Severity // SevNone: no finding
	}{
		{"ssh key read, sent to a paste site", map[string]string{
			"a.txt": "CAP read-secret ~/.ssh/id_rsa\n", "b.txt": "x\nCAP net-send paste.ee\n"}, analyzer.High},
		{"environment read, sent to an unknown host", map[string]string{
			"a.txt": "CAP read-env environ\n", "b.txt": "CAP net-send collector.example-metrics.net\n"}, analyzer.High},
		{"a token sent to another API is worth a look", map[string]string{
			"a.txt": "CAP read-secret env:GITHUB_TOKEN\n", "b.txt": "CAP net-send api.openai.com\n"}, analyzer.Medium},
		{"a token sent to its issuer is use", map[string]string{
			"a.txt": "CAP read-secret env:GITHUB_TOKEN\n", "b.txt": "CAP net-send api.github.com\n"}, analyzer.SevNone},
		{"a send to loopback is local", map[string]string{
			"a.txt": "CAP read-secret ~/.aws/credentials\n", "b.txt": "CAP net-send 127.0.0.1\n"}, analyzer.SevNone},
		{"reading alone is a capability", map[string]string{
			"a.txt": "CAP read-secret ~/.aws/credentials\n"}, analyzer.SevNone},
	}
	eng, err := analyzer.New([]*analyzer.Rule{capRecorder, SecretToNetworkChain}, analyzer.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		files := map[string][]byte{"SKILL.md": []byte(manifest)}
		for k, v := range c.files {
			files[k] = []byte(v)
		}
		res := eng.Analyze(context.Background(), skill.New("s", files))
		var got []analyzer.Finding
		for _, f := range res.Findings {
			if f.Rule == "SV801" {
				got = append(got, f)
			}
		}
		switch {
		case c.want == analyzer.SevNone && len(got) != 0:
			t.Errorf("%s: unexpected %+v", c.name, got)
		case c.want != analyzer.SevNone && (len(got) != 1 || got[0].Severity != c.want):
			t.Errorf("%s: got %+v, want one finding at %s", c.name, got, c.want)
		case len(got) == 1 && (len(got[0].Steps) != 2 || got[0].Kind != analyzer.EvChain):
			t.Errorf("%s: a chain names both steps: %+v", c.name, got[0])
		}
	}
}
