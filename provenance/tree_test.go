package provenance_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/skill"
)

func hexSum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func contentHash(t *testing.T, dir string) (string, string) {
	t.Helper()
	_, tree, err := provenance.Load(context.Background(), dir, skill.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	l, err := tree.Listing()
	if err != nil {
		t.Fatal(err)
	}
	h, err := tree.ContentHash()
	if err != nil {
		t.Fatal(err)
	}
	return l, h
}

// TestContentHashDefinition pins the listing and hash to their documented
// definition (docs/provenance.md), so that other tools can compute them.
func TestContentHashDefinition(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	utf16 := "\xff\xfeh\x00i\x00" // converted for analysis; hashed as read
	writeSkill(t, dir, map[string]string{"SKILL.md": "---\nname: demo\n---\n", "b/x.txt": "x", "a.txt": utf16,
		".git/HEAD": "ref: main\n"})
	if err := os.Symlink("../a.txt", filepath.Join(dir, "b", "link")); err != nil {
		t.Fatal(err)
	}
	l, h := contentHash(t, dir)
	exp := hexSum("ref: main\n") + "  .git/HEAD\n" +
		hexSum("---\nname: demo\n---\n") + "  SKILL.md\n" +
		hexSum(utf16) + "  a.txt\n" +
		"symlink " + hexSum("../a.txt") + "  b/link\n" +
		hexSum("x") + "  b/x.txt\n"
	if l != exp {
		t.Errorf("listing:\n%s\nwant:\n%s", l, exp)
	}
	if h != "sha256:"+hexSum(exp) {
		t.Errorf("hash %s, want sha256 of the listing", h)
	}
}

var mtime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

func TestContentHashChanges(t *testing.T) {
	mk := func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "demo")
		writeSkill(t, dir, map[string]string{"SKILL.md": "s", "a.md": "a", "b.md": "b"})
		if err := os.Symlink("a.md", filepath.Join(dir, "l.md")); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	base := mk(t)
	_, h0 := contentHash(t, base)
	cases := []struct {
		name string
		edit func(dir string)
		same bool
	}{
		{"nothing", func(string) {}, true},
		{"mode and time", func(dir string) {
			os.Chmod(filepath.Join(dir, "a.md"), 0o600)
			os.Chtimes(filepath.Join(dir, "a.md"), mtime, mtime)
		}, true},
		{"a byte", func(dir string) { os.WriteFile(filepath.Join(dir, "a.md"), []byte("A"), 0o644) }, false},
		{"a file added", func(dir string) { os.WriteFile(filepath.Join(dir, "c.md"), nil, 0o644) }, false},
		{"a file renamed", func(dir string) { os.Rename(filepath.Join(dir, "b.md"), filepath.Join(dir, "c.md")) }, false},
		{"a link retargeted", func(dir string) {
			os.Remove(filepath.Join(dir, "l.md"))
			os.Symlink("b.md", filepath.Join(dir, "l.md"))
		}, false},
		{"a link replaced by its target's copy", func(dir string) {
			os.Remove(filepath.Join(dir, "l.md"))
			os.WriteFile(filepath.Join(dir, "l.md"), []byte("a"), 0o644)
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := mk(t)
			c.edit(dir)
			_, h := contentHash(t, dir)
			if (h == h0) != c.same {
				t.Errorf("hash %s vs %s: same = %v, want %v", h, h0, h == h0, c.same)
			}
		})
	}
}

func TestContentHashRefusesUnreadContent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	writeSkill(t, dir, map[string]string{"SKILL.md": "s"})
	os.Symlink("/etc/passwd", filepath.Join(dir, "escape"))
	_, tree, err := provenance.Load(context.Background(), dir, skill.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tree.ContentHash(); err == nil {
		t.Error("a skill with content not read must not get a content hash")
	}
	// A released skill cannot be hashed after the fact.
	s := skill.New("x", map[string][]byte{"SKILL.md": []byte("s")})
	s.Release()
	if _, err := provenance.TreeOf(s); err == nil {
		t.Error("TreeOf of a released skill must fail")
	}
}
