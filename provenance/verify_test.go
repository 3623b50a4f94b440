package provenance_test

import (
	"context"
	"crypto/elliptic"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/provenance/provtest"
	"github.com/skillvet/skillvet/skill"
)

// skillFiles is a small skill; tests copy it into a temporary directory
// named after the skill.
var skillFiles = map[string]string{
	"SKILL.md":              "---\nname: demo\ndescription: a demo skill\n---\nRun scripts/run.sh.\n",
	"scripts/run.sh":        "#!/bin/sh\necho hello\n",
	"references/guide.md":   "# Guide\n",
	"assets/data/table.csv": "a,b\n1,2\n",
}

func writeSkill(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func newSkill(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	writeSkill(t, dir, skillFiles)
	return dir
}

func verifyDir(t *testing.T, v *provenance.Verifier, dir string, o provenance.Options) *provenance.Result {
	t.Helper()
	s, tree, err := provenance.Load(context.Background(), dir, skill.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if o.Names == nil {
		o.Names = []string{s.DirName, s.Name}
	}
	return v.Verify(tree, o)
}

func verifier(t *testing.T, anchors ...*provenance.Anchor) *provenance.Verifier {
	t.Helper()
	v, err := provenance.NewVerifier(anchors)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// problems renders a result's problems as "kind path" lines.
func problems(r *provenance.Result) string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, strings.TrimSpace(string(p.Kind)+" "+p.Path))
	}
	return strings.Join(out, "\n")
}

func TestVerify(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{})
	p384 := provtest.NewPKI(t, provtest.Options{Curve: elliptic.P384(), OmitRootInTheChain: true})
	other := provtest.NewPKI(t, provtest.Options{})
	expired := provtest.NewPKI(t, provtest.Options{NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().Add(-24 * time.Hour)})
	notYet := provtest.NewPKI(t, provtest.Options{NotBefore: time.Now().Add(24 * time.Hour), NotAfter: time.Now().Add(48 * time.Hour)})

	cases := []struct {
		name    string
		signer  *provtest.PKI
		anchors []*provenance.Anchor
		opts    provtest.SignOptions
		// after signing, before verifying
		change func(t *testing.T, dir string)
		status provenance.Status
		want   string // problems, "kind path" per line
		anchor string // the anchor the chain reached
	}{
		{name: "valid", signer: pki, status: provenance.StatusVerified, anchor: "pub"},
		{name: "valid P-384 chain without the root", signer: p384, anchors: []*provenance.Anchor{p384.Anchor("p384")},
			status: provenance.StatusVerified, anchor: "p384"},
		{name: "one byte changed", signer: pki, change: func(t *testing.T, dir string) {
			writeSkill(t, dir, map[string]string{"scripts/run.sh": "#!/bin/sh\necho hellp\n"})
		}, status: provenance.StatusFailed, want: "changed scripts/run.sh", anchor: "pub"},
		{name: "file added", signer: pki, change: func(t *testing.T, dir string) {
			writeSkill(t, dir, map[string]string{"scripts/extra.py": "print(1)\n"})
		}, status: provenance.StatusFailed, want: "unsigned-file scripts/extra.py", anchor: "pub"},
		{name: "file removed", signer: pki, change: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "references", "guide.md"))
		}, status: provenance.StatusFailed, want: "missing references/guide.md", anchor: "pub"},
		{name: "several at once, sorted by path", signer: pki, change: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "references", "guide.md"))
			writeSkill(t, dir, map[string]string{"SKILL.md": "changed", "zz.txt": "new"})
		}, status: provenance.StatusFailed, want: "changed SKILL.md\nmissing references/guide.md\nunsigned-file zz.txt", anchor: "pub"},
		{name: "ignored paths are not checked", signer: pki, change: func(t *testing.T, dir string) {
			writeSkill(t, dir, map[string]string{".gitignore": "*.pyc\n", ".github/workflows/ci.yml": "on: push\n"})
		}, status: provenance.StatusVerified, anchor: "pub"},
		{name: "wrong root", signer: other, status: provenance.StatusFailed, want: "untrusted"},
		{name: "expired signing certificate", signer: expired, anchors: []*provenance.Anchor{expired.Anchor("pub")},
			status: provenance.StatusFailed, want: "untrusted"},
		{name: "signing certificate not valid yet", signer: notYet, anchors: []*provenance.Anchor{notYet.Anchor("pub")},
			status: provenance.StatusFailed, want: "untrusted"},
		{name: "symlink with allow_symlinks false", signer: pki, change: func(t *testing.T, dir string) {
			if err := os.Symlink("guide.md", filepath.Join(dir, "references", "alias.md")); err != nil {
				t.Fatal(err)
			}
		}, status: provenance.StatusFailed, want: "symlink references/alias.md", anchor: "pub"},
		{name: "symlink signed with allow_symlinks true", signer: pki, opts: provtest.SignOptions{AllowSymlinks: true},
			change: nil, status: provenance.StatusVerified, anchor: "pub"},
		{name: "garbled JSON", signer: pki, change: func(t *testing.T, dir string) {
			writeSkill(t, dir, map[string]string{provenance.SignatureFile: `{"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json", "verif`})
		}, status: provenance.StatusFailed, want: "bad-signature-file"},
		{name: "empty signature file", signer: pki, change: func(t *testing.T, dir string) {
			writeSkill(t, dir, map[string]string{provenance.SignatureFile: ""})
		}, status: provenance.StatusFailed, want: "bad-signature-file"},
		{name: "signature file is a link", signer: pki, change: func(t *testing.T, dir string) {
			os.Rename(filepath.Join(dir, provenance.SignatureFile), filepath.Join(dir, "sig.json"))
			if err := os.Symlink("sig.json", filepath.Join(dir, provenance.SignatureFile)); err != nil {
				t.Fatal(err)
			}
		}, status: provenance.StatusFailed, want: "bad-signature-file"},
		{name: "statement tampered after signing", signer: pki, change: func(t *testing.T, dir string) {
			tamper(t, dir, func(st map[string]any) {
				st["subject"].([]any)[0].(map[string]any)["name"] = "demo"
			})
		}, status: provenance.StatusFailed, want: "bad-signature", anchor: "pub"},
		{name: "signature for another skill name", signer: pki, opts: provtest.SignOptions{Name: "other-skill"},
			status: provenance.StatusFailed, want: "other-skill", anchor: "pub"},
		{name: "no anchor configured", signer: pki, anchors: []*provenance.Anchor{}, status: provenance.StatusUnchecked, want: "no-anchor"},
		{name: "unsigned", signer: nil, status: provenance.StatusUnsigned},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := newSkill(t, "demo")
			if c.opts.AllowSymlinks {
				if err := os.Symlink("guide.md", filepath.Join(dir, "references", "alias.md")); err != nil {
					t.Fatal(err)
				}
			}
			if c.signer != nil {
				c.signer.Sign(t, dir, c.opts)
			}
			if c.change != nil {
				c.change(t, dir)
			}
			anchors := c.anchors
			if anchors == nil {
				anchors = []*provenance.Anchor{pki.Anchor("pub")}
			}
			r := verifyDir(t, verifier(t, anchors...), dir, provenance.Options{})
			if r.Status != c.status {
				t.Errorf("status = %s, want %s (%s)", r.Status, c.status, r.Reason())
			}
			if got := problems(r); got != c.want {
				t.Errorf("problems:\n%s\nwant:\n%s\n(%+v)", got, c.want, r.Problems)
			}
			if r.Anchor != c.anchor {
				t.Errorf("anchor = %q, want %q", r.Anchor, c.anchor)
			}
			if c.status == provenance.StatusVerified && (r.Reason() != "" || r.Files == 0 || r.Subject != "demo" ||
				!strings.Contains(r.Signer, "CN=Test Skills Signing 001")) {
				t.Errorf("verified result: reason %q files %d subject %q signer %q", r.Reason(), r.Files, r.Subject, r.Signer)
			}
		})
	}
}

// TestBundleCopiedFromAnotherSkill: a valid signature moved to another
// skill verifies nothing: the other skill's files are not the signed ones,
// and the subject names the first skill.
func TestBundleCopiedFromAnotherSkill(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{})
	a := newSkill(t, "alpha")
	sig := pki.Sign(t, a, provtest.SignOptions{})
	b := filepath.Join(t.TempDir(), "beta")
	writeSkill(t, b, map[string]string{"SKILL.md": "---\nname: beta\ndescription: b\n---\ncurl x | sh\n",
		"scripts/run.sh": "#!/bin/sh\necho hello\n", provenance.SignatureFile: string(sig)})
	r := verifyDir(t, verifier(t, pki.Anchor("pub")), b, provenance.Options{})
	want := "other-skill\nchanged SKILL.md\nmissing assets/data/table.csv\nmissing references/guide.md"
	if r.Status != provenance.StatusFailed || problems(r) != want {
		t.Errorf("status %s problems:\n%s\nwant:\n%s", r.Status, problems(r), want)
	}
	if !strings.Contains(r.Reason(), `the signature is for skill "alpha", not "beta"`) {
		t.Errorf("reason %q", r.Reason())
	}
}

// tamper rewrites the signed statement without re-signing it.
func tamper(t *testing.T, dir string, edit func(map[string]any)) {
	t.Helper()
	p := filepath.Join(dir, provenance.SignatureFile)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var bundle map[string]any
	if err := json.Unmarshal(b, &bundle); err != nil {
		t.Fatal(err)
	}
	env := bundle["dsseEnvelope"].(map[string]any)
	payload, _ := base64.StdEncoding.DecodeString(env["payload"].(string))
	var st map[string]any
	if err := json.Unmarshal(payload, &st); err != nil {
		t.Fatal(err)
	}
	edit(st)
	payload, _ = json.Marshal(st)
	env["payload"] = base64.StdEncoding.EncodeToString(payload)
	b, _ = json.Marshal(bundle)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestIdentityAndAnchorChoice(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{Subject: pkix.Name{CommonName: "Skills Signing 007",
		Organization: []string{"Acme Corp"}}, Email: "release@acme.example"})
	other := provtest.NewPKI(t, provtest.Options{})
	dir := newSkill(t, "demo")
	pki.Sign(t, dir, provtest.SignOptions{})
	anchor := func(id provenance.Identity) *provenance.Anchor {
		a := pki.Anchor("acme")
		a.Identity = id
		return a
	}
	cases := []struct {
		name    string
		anchors []*provenance.Anchor
		only    string
		status  provenance.Status
		kind    string
		anchor  string
	}{
		{"identity matches", []*provenance.Anchor{anchor(provenance.Identity{CommonName: "Skills Signing *", Organization: "Acme Corp", Email: "*@acme.example"})},
			"", provenance.StatusVerified, "", "acme"},
		{"common name differs", []*provenance.Anchor{anchor(provenance.Identity{CommonName: "Skills Signing 001"})},
			"", provenance.StatusFailed, "identity", "acme"},
		{"organization differs", []*provenance.Anchor{anchor(provenance.Identity{Organization: "Other"})},
			"", provenance.StatusFailed, "identity", "acme"},
		{"no URI", []*provenance.Anchor{anchor(provenance.Identity{URI: "https://*"})},
			"", provenance.StatusFailed, "identity", "acme"},
		{"second anchor chains", []*provenance.Anchor{other.Anchor("a-other"), anchor(provenance.Identity{})},
			"", provenance.StatusVerified, "", "acme"},
		{"policy asks for another anchor", []*provenance.Anchor{other.Anchor("a-other"), anchor(provenance.Identity{})},
			"a-other", provenance.StatusFailed, "untrusted", ""},
		{"policy asks for an unknown anchor", []*provenance.Anchor{anchor(provenance.Identity{})},
			"nope", provenance.StatusFailed, "no-anchor", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := verifyDir(t, verifier(t, c.anchors...), dir, provenance.Options{Anchor: c.only})
			if r.Status != c.status || problems(r) != c.kind || r.Anchor != c.anchor {
				t.Errorf("status %s problems %q anchor %q; want %s %q %q (%s)", r.Status, problems(r), r.Anchor, c.status, c.kind, c.anchor, r.Reason())
			}
		})
	}
}

// TestVerifyAtTime: the verifier's clock decides validity, so a check can
// be made at a chosen time.
func TestVerifyAtTime(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)})
	dir := newSkill(t, "demo")
	pki.Sign(t, dir, provtest.SignOptions{})
	for _, c := range []struct {
		at   time.Time
		want provenance.Status
	}{{time.Now(), provenance.StatusVerified}, {time.Now().Add(2 * time.Hour), provenance.StatusFailed}, {time.Now().Add(-2 * time.Hour), provenance.StatusFailed}} {
		v, err := provenance.NewVerifier([]*provenance.Anchor{pki.Anchor("pub")}, provenance.WithTime(func() time.Time { return c.at }))
		if err != nil {
			t.Fatal(err)
		}
		if r := verifyDir(t, v, dir, provenance.Options{}); r.Status != c.want {
			t.Errorf("at %s: %s, want %s (%s)", c.at, r.Status, c.want, r.Reason())
		}
	}
}

// TestUnreadContentFails: content over the limits cannot be vouched for.
func TestUnreadContentFails(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{})
	dir := newSkill(t, "demo")
	writeSkill(t, dir, map[string]string{"assets/big.bin": strings.Repeat("x", 5000)})
	pki.Sign(t, dir, provtest.SignOptions{})
	s, tree, err := provenance.Load(context.Background(), dir, skill.Limits{MaxFileBytes: 4096, MaxFiles: 100, MaxTotalBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	r := verifier(t, pki.Anchor("pub")).Verify(tree, provenance.Options{Names: []string{s.Name}})
	if r.Status != provenance.StatusFailed || problems(r) != "unreadable assets/big.bin" {
		t.Errorf("%s %q", r.Status, problems(r))
	}
}

// TestStatementShape: a signed statement this verifier does not implement
// fails, whoever signed it.
func TestStatementShape(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{})
	dir := newSkill(t, "demo")
	base := provtest.Statement(t, dir, provtest.SignOptions{Name: "demo", IgnorePaths: []string{}})
	cases := []struct {
		name string
		edit func(st map[string]any)
		want string
	}{
		{"predicate type", func(st map[string]any) { st["predicateType"] = "https://example.com/other" }, "predicate type"},
		{"statement type", func(st map[string]any) { st["_type"] = "https://in-toto.io/Statement/v0.1" }, "statement type"},
		{"method", func(st map[string]any) { pred(st)["serialization"].(map[string]any)["method"] = "shards" }, "method"},
		{"hash", func(st map[string]any) { pred(st)["serialization"].(map[string]any)["hash_type"] = "blake2" }, "hash type"},
		{"path escapes", func(st map[string]any) { res(st)[0]["name"] = "../etc/passwd" }, "not a path inside"},
		{"bad digest", func(st map[string]any) { res(st)[0]["digest"] = "xyz" }, "not a SHA-256"},
		{"subject digest", func(st map[string]any) {
			st["subject"].([]any)[0].(map[string]any)["digest"] = map[string]any{"sha256": strings.Repeat("0", 64)}
		}, "subject digest"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var st map[string]any
			if err := json.Unmarshal(base, &st); err != nil {
				t.Fatal(err)
			}
			c.edit(st)
			b, _ := json.Marshal(st)
			writeSkill(t, dir, map[string]string{provenance.SignatureFile: string(pki.SignPayload(t, b))})
			r := verifyDir(t, verifier(t, pki.Anchor("pub")), dir, provenance.Options{})
			if r.Status != provenance.StatusFailed || problems(r) != "bad-signature-file" || !strings.Contains(r.Reason(), c.want) {
				t.Errorf("%s %q %q", r.Status, problems(r), r.Reason())
			}
		})
	}
}

func pred(st map[string]any) map[string]any { return st["predicate"].(map[string]any) }

func res(st map[string]any) []map[string]any {
	var out []map[string]any
	for _, r := range pred(st)["resources"].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out
}

// TestGarbledBundlesNeverPanic feeds mangled signatures through Verify.
func TestGarbledBundlesNeverPanic(t *testing.T) {
	pki := provtest.NewPKI(t, provtest.Options{})
	dir := newSkill(t, "demo")
	good := string(pki.Sign(t, dir, provtest.SignOptions{}))
	v := verifier(t, pki.Anchor("pub"))
	inputs := []string{"", "null", "[]", "{}", `{"mediaType":1}`, good[:len(good)/2], strings.Replace(good, "rawBytes", "rawbytes", -1),
		strings.Replace(good, `"certificates":[`, `"certificates":[{"rawBytes":"AAAA"},`, 1),
		strings.Replace(good, "dsseEnvelope", "messageSignature", 1), strings.Replace(good, `"signatures":[`, `"signatures":[{"sig":"AAAA"},`, 1),
		strings.Replace(good, "v0.3", "v0.2", 1), strings.Replace(good, "in-toto+json", "json", 1)}
	for i, in := range inputs {
		writeSkill(t, dir, map[string]string{provenance.SignatureFile: in})
		r := verifyDir(t, v, dir, provenance.Options{})
		if r.Status != provenance.StatusFailed || len(r.Problems) == 0 {
			t.Errorf("input %d: %s %v", i, r.Status, r.Problems)
		}
	}
}
