package provenance_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/provenance/provtest"
	"github.com/skillvet/skillvet/skill"
)

// FuzzVerifySignature feeds mangled signature files to the verifier: it
// must never panic (Verify turns a panic into an internal-error problem,
// which the fuzzer treats as a failure).
func FuzzVerifySignature(f *testing.F) {
	pki := provtest.NewPKI(f, provtest.Options{})
	dir := filepath.Join(f.TempDir(), "demo")
	writeSkill(f, dir, map[string]string{"SKILL.md": "---\nname: demo\ndescription: d\n---\n"})
	good := pki.Sign(f, dir, provtest.SignOptions{})
	f.Add(good)
	f.Add([]byte(`{"mediaType":"application/vnd.dev.sigstore.bundle.v0.3+json"}`))
	f.Add([]byte("{}"))
	v, err := provenance.NewVerifier([]*provenance.Anchor{pki.Anchor("pub")})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sig []byte) {
		s := skill.New("demo", map[string][]byte{"SKILL.md": []byte("---\nname: demo\ndescription: d\n---\n"), provenance.SignatureFile: sig})
		tree, err := provenance.TreeOf(s)
		if err != nil {
			t.Fatal(err)
		}
		r := v.Verify(tree, provenance.Options{Names: []string{"demo"}})
		for _, p := range r.Problems {
			if p.Kind == provenance.ProblemInternalError || strings.Contains(p.Detail, "internal error") {
				t.Fatalf("internal error: %s", p.Detail)
			}
		}
	})
}

// FuzzParseLock: the lock parser never panics, and what it accepts
// round-trips to a file it parses to the same bytes.
func FuzzParseLock(f *testing.F) {
	f.Add(sampleLock().Bytes())
	f.Add([]byte("skillvet-lock 1\na hash sha256:" + string(bytes.Repeat([]byte("0"), 64)) + "\na cap exec \"x\"\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := provenance.ParseLock("f", b)
		if err != nil {
			return
		}
		out := l.Bytes()
		l2, err := provenance.ParseLock("f", out)
		if err != nil {
			t.Fatalf("a written lock does not parse: %v\n%s", err, out)
		}
		if !bytes.Equal(l2.Bytes(), out) {
			t.Fatalf("lock does not round-trip:\n%s\n%s", out, l2.Bytes())
		}
	})
}
