package skill

import (
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"testing/iotest"
)

func TestClassify(t *testing.T) {
	cases := []struct {
		name    string
		content string
		want    Kind
	}{
		{"SKILL.md", "# hi", KindMarkdown},
		{"scripts/a.ts", "let x: number = 1", KindJS},
		{"scripts/run", "#!/usr/bin/env bash\necho hi", KindShell},
		{"scripts/run.txt", "#!/usr/bin/env node\nconsole.log(1)", KindJS},
		{"scripts/tool", "#!/usr/bin/python3\nprint(1)", KindPython},
		{"notes.md", "\x7fELF\x02\x01\x01\x00\x00", KindBinary},
		{"a.zip", "PK\x03\x04rest", KindArchive},
		{"lib/__pycache__/x.cpython-311.pyc", "\xa7\r\r\n\x00\x00\x00\x00", KindBytecode},
		{"logo.png", "\x89PNG\r\n\x1a\n....", KindAsset},
		{"fake.png", "just text", KindText},
		{"readme.txt", "MZ text is not PE", KindText},
		{"data.bin", "abc\x00def", KindBinary},
		{"install.ps1", "iwr x | iex", KindPowerShell},
		// media and fonts are data when signature and name agree
		{"fonts/A-Regular.ttf", "\x00\x01\x00\x00\x00\x10\x01\x00\x00\x04", KindAsset},
		{"fonts/B.otf", "OTTO\x00\x0b\x00\x80", KindAsset},
		{"favicon.ico", "\x00\x00\x01\x00\x01\x00\x10\x10", KindAsset},
		{"img.bmp", "BM" + strings.Repeat("\x00", 40), KindAsset},
		{"a.ogg", "OggS\x00\x02\x00", KindAsset},
		{"clip.mp4", "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00", KindAsset},
		{"clip.webm", "\x1a\x45\xdf\xa3\x9f\x42\x86", KindAsset},
		{"s.mp3", "\xff\xfb\x90\x64\x00", KindAsset},
		// ... and unknown binary data when they disagree
		{"fonts/A-Regular.otf.sh", "\x00\x01\x00\x00\x00\x10", KindBinary},
		{"tool.bin", "OTTO\x00\x0b\x00\x80", KindBinary},
		{"clip.ttf", "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00", KindBinary},
		// a strong image signature under a code or text name
		{"run.py", "\x89PNG\r\n\x1a\n\x00\x00", KindBinary},
		{"notes.md", "%PDF-1.7\n\x00", KindBinary},
		{"notes.md", "ID3 tags are read first", KindMarkdown},
		// data files whose signature and name agree
		{"scripts/.coverage", "SQLite format 3\x00\x10\x00", KindAsset},
		{"evals/A.npy", "\x93NUMPY\x01\x00v\x00", KindAsset},
		{"t.parquet", "PAR1\x15\x04\x00PAR1", KindAsset},
		{"notes.coverage", "\x7fELF\x02\x01", KindBinary},
		{"data.npy", "SQLite format 3\x00", KindBinary},
		{"assets/.DS_Store", "\x00\x00\x00\x01Bud1\x00\x00\x10\x00", KindAsset},
		{"tool.bin", "\x00\x00\x00\x01Bud1\x00\x00\x10\x00", KindBinary},
		// source holding a NUL in a string is source; one that is mostly
		// NULs, or holds other control bytes, is not
		{"tests/dyn.test.ts", "expect(read(r)).toBe(\"ab\x00\"); // trailing NUL\n" + strings.Repeat("it('x', () => {});\n", 40), KindJS},
		{"core/md.js", "return `\x00CODEBLOCK${i}\x00`;\n" + strings.Repeat("let a = 1;\n", 60), KindJS},
		{"x.js", strings.Repeat("\x00", 64), KindBinary},
		{"y.py", "print('a')\x00\x01\x02", KindBinary},
		{"z.md", "# doc\x00", KindBinary},
	}
	for _, c := range cases {
		if got := Classify(c.name, []byte(c.content)); got != c.want {
			t.Errorf("Classify(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNewFileEncodings(t *testing.T) {
	f := NewFile("a.md", []byte{0xff, 0xfe, 'h', 0, 'i', 0})
	if string(f.Content) != "hi" || !strings.HasPrefix(f.Note, "UTF-16") || f.Kind != KindMarkdown {
		t.Errorf("utf16: %q %q %v", f.Content, f.Note, f.Kind)
	}
	f = NewFile("b.md", []byte("ok \xe9"))
	if f.Note != "invalid UTF-8 at byte 3" {
		t.Errorf("invalid utf8 note = %q", f.Note)
	}
}

func TestPositions(t *testing.T) {
	f := NewFile("a.md", []byte("ab\r\nx😀y\nlast"))
	p := f.Pos(strings.Index(string(f.Content), "y"))
	if p.Line != 2 || p.Column != 3 || p.Column16 != 4 {
		t.Errorf("pos = %+v", p)
	}
	if f.Line(1) != "ab" || f.Line(3) != "last" || f.LineCount() != 3 {
		t.Errorf("lines: %q %q %d", f.Line(1), f.Line(3), f.LineCount())
	}
	if off := f.Offset(3, 2); string(f.Content[off:]) != "ast" {
		t.Errorf("offset = %d", off)
	}
}

func writeSkill(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func loadDir(t *testing.T, dir string, lim Limits) *Skill {
	t.Helper()
	root, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	s, err := Load(context.Background(), root, dir, lim)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func problemKinds(s *Skill) map[string]ProblemKind {
	out := map[string]ProblemKind{}
	for _, p := range s.Problems {
		out[p.Path] = p.Kind
	}
	return out
}

func TestLoadProblems(t *testing.T) {
	dir := t.TempDir()
	writeSkill(t, dir, map[string]string{
		"SKILL.md":          "---\nname: demo\ndescription: d\n---\nbody\n",
		"scripts/ok.sh":     "echo ok\n",
		"big.txt":           strings.Repeat("x", 2000),
		"nested/SKILL.md":   "---\nname: nested\n---\n",
		"nested/inner.md":   "not part of demo",
		".git/config":       "[core]",
		"references/doc.md": "# doc",
	})
	os.Symlink("/etc/passwd", filepath.Join(dir, "passwd"))
	os.Symlink("../../outside", filepath.Join(dir, "references", "up")) // nothing there: dangling
	os.Symlink("../..", filepath.Join(dir, "references", "upper"))      // exists: escapes
	os.Symlink("/nonexistent/skillvet/x", filepath.Join(dir, "gone"))
	os.Symlink("doc.md", filepath.Join(dir, "references", "alias.md"))
	os.Symlink(".", filepath.Join(dir, "loop"))
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := loadDir(t, dir, Limits{MaxFileBytes: 1000, MaxFiles: 100, MaxTotalBytes: 1 << 20})
	got := problemKinds(s)
	want := map[string]ProblemKind{"passwd": ProblemSymlinkEscape, "references/up": ProblemDanglingLink,
		"references/upper": ProblemSymlinkEscape, "gone": ProblemDanglingLink,
		"pipe": ProblemSpecialFile, "big.txt": ProblemTooLarge}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("problem for %s = %q, want %q (all: %v)", p, got[p], k, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("unexpected problems: %v", got)
	}
	var paths []string
	for _, f := range s.Files {
		paths = append(paths, f.Path)
	}
	if strings.Join(paths, ",") != "SKILL.md,references/doc.md,scripts/ok.sh" {
		t.Errorf("files = %v", paths)
	}
	if s.Name != "demo" || s.Hash == "" {
		t.Errorf("name %q hash %q", s.Name, s.Hash)
	}
	// Links that stay inside are recorded as links (the provenance content
	// hash covers them); links that leave are problems only.
	var links []string
	for _, l := range s.Links {
		links = append(links, l.Path+"->"+l.Target)
	}
	if strings.Join(links, ",") != "loop->.,references/alias.md->doc.md" {
		t.Errorf("links = %v", links)
	}
}

func TestFileSHA256IsOfTheBytesRead(t *testing.T) {
	raw := []byte{0xff, 0xfe, 'h', 0, 'i', 0} // UTF-16LE "hi": converted for analysis
	f := NewFile("a.txt", raw)
	if string(f.Content) != "hi" {
		t.Fatalf("content %q", f.Content)
	}
	if sum, ok := f.SHA256(); !ok || sum != sha256.Sum256(raw) {
		t.Errorf("SHA256 of a converted file = %x, %v; want the digest of the original bytes", sum, ok)
	}
	g := NewFile("b.txt", []byte("plain"))
	if sum, ok := g.SHA256(); !ok || sum != sha256.Sum256([]byte("plain")) {
		t.Errorf("SHA256 = %x, %v", sum, ok)
	}
	g.Release()
	if sum, ok := g.SHA256(); !ok || sum != sha256.Sum256([]byte("plain")) {
		t.Errorf("a digest taken before Release is kept: %x, %v", sum, ok)
	}
	h := NewFile("c.txt", []byte("gone"))
	h.Release()
	if _, ok := h.SHA256(); ok {
		t.Error("SHA256 after Release without an earlier digest must say it has none")
	}
	if sum, ok := NewFile("empty", nil).SHA256(); !ok || sum != sha256.Sum256(nil) {
		t.Errorf("empty file: %x, %v", sum, ok)
	}
}

func TestLoadFileCountAndHash(t *testing.T) {
	files := map[string]string{"SKILL.md": "---\nname: x\n---\n"}
	for i := 0; i < 10; i++ {
		files[filepath.Join("refs", string(rune('a'+i))+".md")] = "x"
	}
	dir := t.TempDir()
	writeSkill(t, dir, files)
	s := loadDir(t, dir, Limits{MaxFileBytes: 100, MaxFiles: 5, MaxTotalBytes: 1000})
	if got := problemKinds(s)["."]; got != ProblemTooManyFiles || len(s.Files) != 5 {
		t.Errorf("problems %v files %d", s.Problems, len(s.Files))
	}
	a := loadDir(t, dir, DefaultLimits).Hash
	os.WriteFile(filepath.Join(dir, "refs", "a.md"), []byte("y"), 0o644)
	if b := loadDir(t, dir, DefaultLimits).Hash; a == b {
		t.Error("hash did not change when a file changed")
	}
}

func TestLoadMemFS(t *testing.T) {
	m := fstest.MapFS{"SKILL.md": {Data: []byte("---\nname: mem\n---\n")}, "a.py": {Data: []byte("print(1)")}}
	s, err := Load(context.Background(), m, "mem", DefaultLimits)
	if err != nil || s.Name != "mem" || s.File("a.py").Kind != KindPython {
		t.Fatalf("%v %+v", err, s)
	}
	n := New("mem", map[string][]byte{"SKILL.md": []byte("---\nname: mem\n---\n"), "a.py": []byte("print(1)")})
	if n.Hash != s.Hash {
		t.Error("New and Load disagree on the hash of the same content")
	}
}

func TestLoneCarriageReturnEndsALine(t *testing.T) {
	f := NewFile("a.js", []byte("a\r\nb\rc\nd"))
	if f.LineCount() != 4 || f.Line(1) != "a" || f.Line(2) != "b" || f.Line(3) != "c" || f.Line(4) != "d" {
		t.Errorf("lines: %d %q %q %q %q", f.LineCount(), f.Line(1), f.Line(2), f.Line(3), f.Line(4))
	}
	if p := f.Pos(strings.Index(string(f.Content), "c")); p.Line != 3 || p.Column != 1 {
		t.Errorf("pos of c = %+v", p)
	}
}

// TestLoadLinksInTree: a symlink leaving the skill for a regular file in
// the scanned tree is read as the link's content (and noted); links out
// of the tree, to directories, or without a tree stay escapes.
func TestLoadLinksInTree(t *testing.T) {
	base := t.TempDir()
	tree := filepath.Join(base, "repo")
	writeSkill(t, filepath.Join(tree, "canonical", "demo"), map[string]string{
		"SKILL.md": "---\nname: demo\ndescription: d\n---\nbody\n",
	})
	if err := os.WriteFile(filepath.Join(base, "secret.txt"), []byte("outside the tree"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tree, ".gemini", "skills", "demo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Symlink("../../../canonical/demo/SKILL.md", filepath.Join(dir, "SKILL.md"))
	os.Symlink("../../../../secret.txt", filepath.Join(dir, "secret.txt")) // leaves the tree
	os.Symlink("../../../canonical", filepath.Join(dir, "all"))            // a directory

	r, err := OpenDirIn(dir, tree)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := Load(context.Background(), r, dir, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got := problemKinds(s)
	want := map[string]ProblemKind{"SKILL.md": ProblemLinkInTree, "secret.txt": ProblemSymlinkEscape, "all": ProblemSymlinkEscape}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("problem for %s = %q, want %q (all: %v)", p, got[p], k, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("unexpected problems: %v", got)
	}
	if s.Name != "demo" || s.File("SKILL.md") == nil || s.File("secret.txt") != nil {
		t.Errorf("name %q, files %v", s.Name, s.Files)
	}
	if len(s.Links) != 1 || !s.Links[0].InTree || s.Links[0].Path != "SKILL.md" {
		t.Errorf("links = %+v", s.Links)
	}

	// without a tree the same link is an escape and nothing is read
	r2, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	s2, err := Load(context.Background(), r2, dir, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	escaped := false
	for _, p := range s2.Problems {
		escaped = escaped || p.Path == "SKILL.md" && p.Kind == ProblemSymlinkEscape
	}
	if !escaped || s2.File("SKILL.md") != nil {
		t.Errorf("without a tree: SKILL.md problems %v, file %v", s2.Problems, s2.File("SKILL.md"))
	}
}

func TestOwnName(t *testing.T) {
	s := New("skills/pdf-tools", map[string][]byte{"SKILL.md": []byte("---\nname: pdf-kit\ndescription: PDFs.\n---\n# PDF\n")})
	for n, want := range map[string]bool{"pdf-tools": true, "pdf-kit": true, "pdf": false, "": false} {
		if got := s.OwnName(n); got != want {
			t.Errorf("OwnName(%q) = %v, want %v", n, got, want)
		}
	}
}

// TestReadSized: the buffer sized at open still reads a file that grew
// or shrank since, and a reader that never reads fails.
func TestReadSized(t *testing.T) {
	for _, c := range []struct {
		text string
		size int64
	}{{"abcdef", 6}, {"abcdef", 2}, {"abcdef", 0}, {"ab", 10}, {"", 0}} {
		b, err := readSized(iotest.OneByteReader(strings.NewReader(c.text)), c.size)
		if err != nil || string(b) != c.text {
			t.Errorf("%q with size %d: %q, %v", c.text, c.size, b, err)
		}
	}
	if _, err := readSized(stuckReader{}, 4); !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("stuck reader: %v, want io.ErrNoProgress", err)
	}
}

type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }
