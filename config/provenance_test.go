package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/provenance/provtest"
)

func TestProvenanceConfig(t *testing.T) {
	dir := t.TempDir()
	pki := provtest.NewPKI(t, provtest.Options{})
	os.MkdirAll(filepath.Join(dir, "certs"), 0o755)
	pki.WriteRoot(t, filepath.Join(dir, "certs", "root.pem"))
	src := `provenance:
  anchors:
    acme:
      roots: [certs/root.pem]
      identity:
        common-name: "Test Skills Signing *"
        organization: Test Publisher
  policy:
    - name: "acme-*"
      signature: require
      anchor: acme
    - source: vendor
      signature: prefer
    - source: workspace
      signature: off
gate:
  locked: true
  lock-file: ci/skills.lock
`
	path := filepath.Join(dir, FileName)
	c, err := Parse(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	anchors, err := c.ProvenanceAnchors()
	if err != nil {
		t.Fatal(err)
	}
	if len(anchors) != 1 || anchors[0].Name != "acme" || len(anchors[0].Roots) != 1 || !anchors[0].Roots[0].Equal(pki.Root) ||
		anchors[0].Identity.CommonName != "Test Skills Signing *" || anchors[0].Identity.Organization != "Test Publisher" {
		t.Errorf("anchors: %+v", anchors)
	}
	p := c.ProvenancePolicy()
	want := []provenance.Rule{{Name: "acme-*", Mode: provenance.ModeRequire, Anchor: "acme"},
		{Source: filepath.Join(dir, "vendor"), Mode: provenance.ModePrefer}, {Source: "workspace", Mode: provenance.ModeOff}}
	if len(p.Rules) != len(want) {
		t.Fatalf("policy %+v", p.Rules)
	}
	for i := range want {
		if p.Rules[i] != want[i] {
			t.Errorf("rule %d: %+v, want %+v", i, p.Rules[i], want[i])
		}
	}
	if !c.Gate.Locked || c.LockPath() != filepath.Join(dir, "ci", "skills.lock") {
		t.Errorf("lock: %v %s", c.Gate.Locked, c.LockPath())
	}
	if d, _ := Parse(path, []byte("version: 1\n")); d.LockPath() != filepath.Join(dir, "skills.lock") || d.Gate.Locked {
		t.Errorf("default lock path %s", d.LockPath())
	}
}

func TestProvenanceConfigErrors(t *testing.T) {
	anchor := "provenance:\n  anchors:\n    acme:\n      roots: [root.pem]\n"
	for src, want := range map[string]string{
		"provenance:\n  anchors:\n    acme: {}\n":                                                    `x.yaml:3: provenance.anchors.acme: needs roots`,
		"provenance:\n  anchors:\n    acme:\n      root: [r.pem]\n":                                  `x.yaml:4: unknown key "root" in a provenance.anchors entry (did you mean "roots"?); known keys: roots, identity`,
		"provenance:\n  anchors:\n    acme:\n      roots: [r.pem]\n      identity:\n        cn: x\n": `x.yaml:6: unknown key "cn" in an anchor's identity; known keys: common-name,`,
		"provenance:\n  anchors:\n    'a b':\n      roots: [r.pem]\n":                                `x.yaml:3: provenance.anchors.a b: anchor name "a b"`,
		"provenance:\n  policy:\n    - signature: require\n":                                         `x.yaml:3: provenance.policy[0]: signature: require needs a trust anchor`,
		"provenance:\n  policy:\n    - name: x\n":                                                    `x.yaml:3: provenance.policy[0]: needs signature: require, prefer or off`,
		anchor + "  policy:\n    - signature: required\n":                                            `x.yaml:6: provenance.policy[0]: signature "required": want require, prefer or off`,
		anchor + "  policy:\n    - signature: require\n      anchor: nvidia\n":                       `x.yaml:7: provenance.policy[0].anchor: no trust anchor "nvidia" in provenance.anchors (known: acme)`,
		anchor + "  policy:\n    - signature: prefer\n      name: '[x'\n":                            `x.yaml:6: provenance.policy[0]: name "[x": bad glob`,
		"provenance:\n  policy:\n    - signature: off\n      source: home\n      name: x\n":          ``,
		"provenance:\n  policy:\n    - signature: off\n      sources: user\n":                        `x.yaml:4: unknown key "sources" in a provenance.policy entry (did you mean "source"?)`,
		"gate:\n  locked: yes please\n":                                                              `x.yaml:2: gate.locked: want`,
	} {
		_, err := Parse("x.yaml", []byte(src))
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", src, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q:\n got  %v\n want %s…", src, err, want)
		}
	}
}

func TestProvenanceAnchorFileErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "junk.pem"), []byte("not a certificate"), 0o644)
	for _, c := range []struct{ roots, want string }{
		{"[missing.pem]", "x.yaml:4: provenance.anchors.acme.roots[0]: open "},
		{"[junk.pem]", "x.yaml:4: provenance.anchors.acme.roots[0]: " + filepath.Join(dir, "junk.pem") + ": not PEM"},
	} {
		cfg, err := Parse(filepath.Join(dir, "x.yaml"), []byte("provenance:\n  anchors:\n    acme:\n      roots: "+c.roots+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = cfg.ProvenanceAnchors()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.roots, err, c.want)
		}
	}
}
