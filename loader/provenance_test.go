package loader

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/provenance/provtest"
)

// sendRule records a capability for every "SEND-TO <host>": the lock's
// capability diff is tested with it.
var sendRule = &analyzer.Rule{
	ID: "SV994", Name: "test-send", Title: "Test capability", Doc: "Test only.",
	Severity: analyzer.Low, Category: analyzer.CatExfiltration, Evidence: analyzer.EvCapability, Inputs: analyzer.InAnyText,
	Keywords: []string{"send-to"},
	Run: func(p *analyzer.Pass) error {
		for _, m := range regexp.MustCompile(`SEND-TO (\S+)`).FindAllSubmatchIndex(p.File.Content, -1) {
			p.Capability(analyzer.CapNetSend, string(p.File.Content[m[2]:m[3]]), m[0])
		}
		return nil
	},
}

type provFixture struct {
	pki     *provtest.PKI
	root    string // a skill root
	signed  string // signed skill: clean
	dirty   string // signed skill whose content changed since
	plain   string // unsigned skill
	flagged string // signed skill with a blocking finding
}

func newProvFixture(t *testing.T) *provFixture {
	f := &provFixture{pki: provtest.NewPKI(t, provtest.Options{}), root: t.TempDir()}
	f.signed = simpleSkill(t, f.root, "signed", "Signed and clean. SEND-TO api.good.example\n")
	f.pki.Sign(t, f.signed, provtest.SignOptions{})
	f.dirty = simpleSkill(t, f.root, "dirty", "Signed, then changed.\n")
	f.pki.Sign(t, f.dirty, provtest.SignOptions{})
	writeFile(t, filepath.Join(f.dirty, "scripts", "added.sh"), "echo added\n")
	f.plain = simpleSkill(t, f.root, "plain", "Not signed.\n")
	f.flagged = simpleSkill(t, f.root, "flagged", "Signed but EVIL-PAYLOAD.\n")
	f.pki.Sign(t, f.flagged, provtest.SignOptions{})
	return f
}

func (f *provFixture) load(t *testing.T, o Options) *Registry {
	t.Helper()
	o.Roots = []Root{{Dir: f.root, Kind: SourceUser}}
	if o.Rules == nil {
		o.Rules = append(testRules(), sendRule)
	}
	if o.Verifier == nil {
		v, err := provenance.NewVerifier([]*provenance.Anchor{f.pki.Anchor("pub")})
		if err != nil {
			t.Fatal(err)
		}
		o.Verifier = v
	}
	return mustLoad(t, newTestLoader(t, o))
}

func policy(rules ...provenance.Rule) *provenance.Policy { return &provenance.Policy{Rules: rules} }

func TestProvenancePolicyInTheLoader(t *testing.T) {
	f := newProvFixture(t)
	type want struct {
		status Status
		code   Code
		prov   provenance.Status // "" when nothing was checked
		warn   bool
	}
	cases := []struct {
		name   string
		policy *provenance.Policy
		want   map[string]want
	}{
		{"off: signatures checked and shown, never refused", nil, map[string]want{
			"signed":  {StatusAdmitted, CodeNone, provenance.StatusVerified, false},
			"dirty":   {StatusAdmitted, CodeNone, provenance.StatusFailed, false},
			"plain":   {StatusAdmitted, CodeNone, "", false},
			"flagged": {StatusRefused, CodeFindings, provenance.StatusVerified, false},
		}},
		{"prefer: warns", policy(provenance.Rule{Mode: provenance.ModePrefer}), map[string]want{
			"signed":  {StatusAdmitted, CodeNone, provenance.StatusVerified, false},
			"dirty":   {StatusAdmitted, CodeNone, provenance.StatusFailed, true},
			"plain":   {StatusAdmitted, CodeNone, provenance.StatusUnsigned, true},
			"flagged": {StatusRefused, CodeFindings, provenance.StatusVerified, false},
		}},
		{"require: refuses what does not verify", policy(provenance.Rule{Mode: provenance.ModeRequire}), map[string]want{
			"signed":  {StatusAdmitted, CodeNone, provenance.StatusVerified, false},
			"dirty":   {StatusRefused, CodeProvenance, provenance.StatusFailed, false},
			"plain":   {StatusRefused, CodeProvenance, provenance.StatusUnsigned, false},
			"flagged": {StatusRefused, CodeFindings, provenance.StatusVerified, false}, // a signature does not make it safe
		}},
		{"require by name glob, prefer for the rest", policy(provenance.Rule{Name: "p*", Mode: provenance.ModeRequire},
			provenance.Rule{Mode: provenance.ModePrefer}), map[string]want{
			"signed": {StatusAdmitted, CodeNone, provenance.StatusVerified, false},
			"dirty":  {StatusAdmitted, CodeNone, provenance.StatusFailed, true},
			"plain":  {StatusRefused, CodeProvenance, provenance.StatusUnsigned, false},
		}},
		{"require for another source kind only", policy(provenance.Rule{Source: "workspace", Mode: provenance.ModeRequire}), map[string]want{
			"plain": {StatusAdmitted, CodeNone, "", false},
		}},
		{"require for this source kind", policy(provenance.Rule{Source: "user", Mode: provenance.ModeRequire}), map[string]want{
			"plain": {StatusRefused, CodeProvenance, provenance.StatusUnsigned, false},
		}},
		{"require for a directory", policy(provenance.Rule{Source: f.root, Mode: provenance.ModeRequire}), map[string]want{
			"plain": {StatusRefused, CodeProvenance, provenance.StatusUnsigned, false},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.load(t, Options{Policy: c.policy})
			for name, w := range c.want {
				e := r.Lookup(name)
				wantStatus(t, e, w.status)
				if e.Code != w.code {
					t.Errorf("%s: code %q, want %q (%s)", name, e.Code, w.code, e.Reason)
				}
				got := provenance.Status("")
				if e.Provenance != nil {
					got = e.Provenance.Status()
				}
				if got != w.prov {
					t.Errorf("%s: provenance %q, want %q", name, got, w.prov)
				}
				if (len(e.Warnings) > 0) != w.warn {
					t.Errorf("%s: warnings %v, want some: %v", name, e.Warnings, w.warn)
				}
			}
		})
	}
}

func TestProvenanceRefusalReasons(t *testing.T) {
	f := newProvFixture(t)
	r := f.load(t, Options{Policy: policy(provenance.Rule{Mode: provenance.ModeRequire, Anchor: "pub"})})
	dirty := r.Lookup("dirty")
	if want := "provenance policy requires a verified signature by pub: unsigned-file scripts/added.sh: not covered by the signature"; !strings.HasPrefix(dirty.Reason, want) {
		t.Errorf("reason %q\nwant %q…", dirty.Reason, want)
	}
	if !strings.Contains(r.Lookup("plain").Reason, "no signature (skill.oms.sig)") {
		t.Errorf("plain: %q", r.Lookup("plain").Reason)
	}
	if _, err := r.Get("dirty"); err == nil || !strings.Contains(err.Error(), "provenance") {
		t.Errorf("Get: %v", err)
	}
	if CodeProvenance.Message() == codeMessages[CodeNotServed] || CodeNotLocked.Message() == codeMessages[CodeNotServed] {
		t.Error("provenance codes need model-safe messages")
	}
	if s := r.Lookup("signed").Provenance; s.Result.Anchor != "pub" || !strings.Contains(s.Summary(), "verified: pub (CN=Test Skills Signing 001") {
		t.Errorf("signed: %s", s.Summary())
	}
}

// TestRequireOverridesApproval: an approval says findings are acceptable,
// not that an unverified skill is.
func TestRequireOverridesApproval(t *testing.T) {
	f := newProvFixture(t)
	writeFile(t, filepath.Join(f.plain, "x.md"), "EVIL-PAYLOAD\n")
	h := f.load(t, Options{}).Lookup("plain").Hash
	r := f.load(t, Options{Approvals: []Approval{{Hash: h, Reason: "reviewed"}},
		Policy: policy(provenance.Rule{Mode: provenance.ModeRequire})})
	e := r.Lookup("plain")
	wantStatus(t, e, StatusRefused)
	if e.Code != CodeProvenance || !strings.Contains(e.Reason, "no signature") {
		t.Errorf("%s %q", e.Code, e.Reason)
	}
}

// TestGarbledSignatureFailsClosed: a garbled signature under require
// refuses the skill with a reason; under off the skill is admitted and the
// failure shown.
func TestGarbledSignatureFailsClosed(t *testing.T) {
	f := newProvFixture(t)
	writeFile(t, filepath.Join(f.signed, provenance.SignatureFile), `{"mediaType":`)
	e := f.load(t, Options{Policy: policy(provenance.Rule{Mode: provenance.ModeRequire})}).Lookup("signed")
	wantStatus(t, e, StatusRefused)
	if e.Code != CodeProvenance || !strings.Contains(e.Reason, "not a Sigstore bundle") {
		t.Errorf("%s %q", e.Code, e.Reason)
	}
	e = f.load(t, Options{}).Lookup("signed")
	wantStatus(t, e, StatusAdmitted)
	if e.Provenance.Status() != provenance.StatusFailed {
		t.Errorf("provenance %s", e.Provenance.Summary())
	}
}

func TestLockedGate(t *testing.T) {
	f := newProvFixture(t)
	r := f.load(t, Options{})
	lock := provenance.NewLock()
	for _, name := range []string{"signed", "plain"} {
		e := r.Lookup(name)
		tree, err := provenance.TreeOf(e.Skill)
		if err != nil {
			t.Fatal(err)
		}
		h, err := tree.ContentHash()
		if err != nil {
			t.Fatal(err)
		}
		lock.Put(&provenance.LockEntry{Name: name, Hash: h, Caps: provenance.CapsOf(e.Result.Capabilities)})
	}
	r = f.load(t, Options{Lock: lock})
	wantStatus(t, r.Lookup("signed"), StatusAdmitted)
	wantStatus(t, r.Lookup("plain"), StatusAdmitted)
	d := r.Lookup("dirty")
	wantStatus(t, d, StatusRefused)
	if d.Code != CodeNotLocked || d.Reason != "not in skills.lock: no version of dirty is locked" {
		t.Errorf("dirty: %s %q", d.Code, d.Reason)
	}
	if h := r.Lookup("signed").Provenance.ContentHash; !lock.Admits("signed", h) {
		t.Errorf("content hash %s not the locked one", h)
	}

	// An update: refused, with what it adds and removes.
	writeFile(t, filepath.Join(f.signed, "SKILL.md"), skillMD("signed", "Does signed things.", "", "Now SEND-TO exfil.example.net\n"))
	r = f.load(t, Options{Lock: lock})
	e := r.Lookup("signed")
	wantStatus(t, e, StatusRefused)
	want := "not in skills.lock: the content differs from the locked version (locked sha256:"
	if e.Code != CodeNotLocked || !strings.HasPrefix(e.Reason, want) ||
		!strings.HasSuffix(e.Reason, "; this update adds: sends data to exfil.example.net (SKILL.md:5); removes: sends data to api.good.example") {
		t.Errorf("%s %q", e.Code, e.Reason)
	}
	// Lock and policy together: both reasons are given.
	r = f.load(t, Options{Lock: lock, Policy: policy(provenance.Rule{Mode: provenance.ModeRequire})})
	if e := r.Lookup("plain"); e.Code != CodeProvenance || strings.Contains(e.Reason, "skills.lock") {
		t.Errorf("plain (locked, unsigned): %s %q", e.Code, e.Reason)
	}
	if e := r.Lookup("signed"); e.Code != CodeNotLocked || !strings.Contains(e.Reason, "also: provenance policy requires") {
		t.Errorf("signed (changed): %s %q", e.Code, e.Reason)
	}
}

// TestProvenanceChecksTheServedBytes: the check is made on the bytes the
// gate serves, not on what the disk holds later.
func TestProvenanceChecksTheServedBytes(t *testing.T) {
	f := newProvFixture(t)
	l := newTestLoader(t, Options{Roots: []Root{{Dir: f.root}}, Rules: append(testRules(), sendRule),
		Verifier: mustVerifier(t, f.pki.Anchor("pub")), Policy: policy(provenance.Rule{Mode: provenance.ModeRequire})})
	r := mustLoad(t, l)
	e := r.Lookup("signed")
	wantStatus(t, e, StatusAdmitted)
	before := e.Skill.File("SKILL.md").Content
	os.WriteFile(filepath.Join(f.signed, "SKILL.md"), []byte("changed on disk"), 0o644)
	body, err := r.Render(t.Context(), "signed", RenderOptions{BaseDir: "skill://signed"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(before, []byte("Signed and clean")) || !strings.Contains(body.Body, "Signed and clean") {
		t.Errorf("served %q", body.Body)
	}
	wantStatus(t, mustLoad(t, l).Lookup("signed"), StatusRefused)
}

func mustVerifier(t *testing.T, a ...*provenance.Anchor) *provenance.Verifier {
	v, err := provenance.NewVerifier(a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestPolicyAnchorMustExist(t *testing.T) {
	_, err := New(Options{Policy: policy(provenance.Rule{Mode: provenance.ModeRequire, Anchor: "nobody"})})
	if err == nil || !strings.Contains(err.Error(), `"nobody"`) {
		t.Errorf("%v", err)
	}
}

// TestCachedScanKeepsCapabilities: the same content at another directory
// is served from the scan cache, capabilities included (the lock's update
// description depends on them).
func TestCachedScanKeepsCapabilities(t *testing.T) {
	g, err := NewGate(GateOptions{Rules: append(testRules(), sendRule)})
	if err != nil {
		t.Fatal(err)
	}
	a, b := t.TempDir(), t.TempDir()
	for _, root := range []string{a, b} {
		simpleSkill(t, root, "twin", "SEND-TO api.example.net\n")
	}
	load := func(root string) *Decision {
		s, _, err := provenance.Load(t.Context(), filepath.Join(root, "twin"), g.Limits())
		if err != nil {
			t.Fatal(err)
		}
		return g.Check(t.Context(), s)
	}
	first, second := load(a), load(b)
	if !second.Cached || len(first.Result.Capabilities) != 1 || len(second.Result.Capabilities) != 1 {
		t.Errorf("cached %v; capabilities %v then %v", second.Cached, first.Result.Capabilities, second.Result.Capabilities)
	}
}
