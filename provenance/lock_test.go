package provenance_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./provenance -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test ./provenance -update to accept):\n%s", p, got)
	}
}

var h1 = "sha256:" + strings.Repeat("1", 64)
var h2 = "sha256:" + strings.Repeat("2", 64)

func sampleLock() *provenance.Lock {
	l := provenance.NewLock()
	// Put out of order: the file is sorted whatever the order.
	l.Put(&provenance.LockEntry{Name: "zeta", Hash: h2, Source: "skills/zeta"})
	l.Put(&provenance.LockEntry{Name: "alpha", Hash: h1, Source: "skills/alpha", Signer: "nvidia (CN=Signing 001,O=NVIDIA Corporation)",
		Caps: []provenance.Cap{{Kind: analyzer.CapNetSend, Target: "api.x.io"}, {Kind: analyzer.CapExec, Target: `python3 "x y"`},
			{Kind: analyzer.CapReadEnv}}})
	return l
}

func TestLockFormat(t *testing.T) {
	b := sampleLock().Bytes()
	golden(t, "skills.lock.golden", b)
	l, err := provenance.ParseLock("skills.lock", b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(l.Bytes(), b) {
		t.Errorf("round trip changed the file:\n%s", l.Bytes())
	}
	if !l.Admits("alpha", h1) || l.Admits("alpha", h2) || l.Admits("beta", h1) || l.Admits("alpha", "") {
		t.Error("Admits is by name and exact hash")
	}
	p := filepath.Join(t.TempDir(), "skills.lock")
	if err := provenance.WriteLock(p, l); err != nil {
		t.Fatal(err)
	}
	if r, err := provenance.ReadLock(p); err != nil || !bytes.Equal(r.Bytes(), b) {
		t.Errorf("write/read: %v", err)
	}
}

func TestParseLockErrors(t *testing.T) {
	head := "skillvet-lock 1\n"
	cases := []struct{ in, want string }{
		{"", "skills.lock:0: empty"},
		{"# only a comment\n", "empty"},
		{"skillvet-lock 2\n", `skills.lock:1: not a skills.lock of a version this skillvet reads`},
		{head + "alpha source \"x\"\n", "skills.lock:2: alpha: the first line of a skill must be its hash"},
		{head + "alpha hash sha256:abc\n", "is not a content hash"},
		{head + "alpha hash " + h1 + "\nalpha hash " + h2 + "\n", "skills.lock:3: alpha: hash given twice"},
		{head + "Alpha hash " + h1 + "\n", `"Alpha" is not a skill name`},
		{head + "alpha hash " + h1 + "\nalpha cap teleport \"x\"\n", `unknown capability kind "teleport"`},
		{head + "alpha hash " + h1 + "\nalpha cap exec python3\n", "want a quoted string"},
		{head + "alpha hash " + h1 + "\nalpha signer \"open\n", "want a quoted string"},
		{head + "alpha hash " + h1 + "\nalpha owner \"me\"\n", `unknown key "owner"`},
	}
	for _, c := range cases {
		_, err := provenance.ParseLock("skills.lock", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

func TestCapUpdate(t *testing.T) {
	locked := []provenance.Cap{{Kind: analyzer.CapExec, Target: "git"}, {Kind: analyzer.CapNetFetch, Target: "github.com"}}
	current := []analyzer.Cap{
		{Kind: analyzer.CapNetFetch, Target: "github.com", Path: "scripts/up.py", Line: 2},
		{Kind: analyzer.CapNetSend, Target: "api.x.io", Path: "scripts/up.py", Line: 12},
		{Kind: analyzer.CapReadSecret, Target: "~/.aws/credentials", Path: "scripts/up.py", Line: 3},
	}
	u := provenance.CapUpdate(locked, current)
	want := "this update adds: sends data to api.x.io (scripts/up.py:12), reads ~/.aws/credentials (scripts/up.py:3); removes: runs git"
	if u.String() != want {
		t.Errorf("got  %s\nwant %s", u, want)
	}
	if u := provenance.CapUpdate(locked, []analyzer.Cap{{Kind: analyzer.CapExec, Target: "git", Path: "a", Line: 9}, {Kind: analyzer.CapNetFetch, Target: "github.com"}}); !u.Empty() || u.String() != "no capability changes" {
		t.Errorf("same capabilities elsewhere: %s", u)
	}
}
