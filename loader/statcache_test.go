package loader

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestStatCacheSeesSameSizeSameMtimeEdit rewrites a file with content of the
// same size and restores its modification time: the change time still
// differs, so the warm load reads and gates the new bytes.
func TestStatCacheSeesSameSizeSameMtimeEdit(t *testing.T) {
	root := t.TempDir()
	dir := simpleSkill(t, root, "alpha", "clean body text\n")
	ref := filepath.Join(dir, "references", "notes.md")
	writeFile(t, ref, "harmless-not\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	wantStatus(t, entriesNamed(mustLoad(t, l), "alpha")[0], StatusAdmitted)

	st, _ := os.Stat(ref)
	time.Sleep(10 * time.Millisecond) // a distinct change time on coarse clocks
	writeFile(t, ref, "EVIL-PAYLOAD\n")
	if int64(len("EVIL-PAYLOAD\n")) != st.Size() {
		t.Fatalf("test needs same-size content, got %d bytes", st.Size())
	}
	if err := os.Chtimes(ref, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, entriesNamed(mustLoad(t, l), "alpha")[0], StatusRefused)
}

// TestStatCacheSkipsReads checks that an unchanged skill is not read again:
// its Skill value is reused as is.
func TestStatCacheSkipsReads(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "alpha", "clean\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	a := entriesNamed(mustLoad(t, l), "alpha")[0].Skill
	b := entriesNamed(mustLoad(t, l), "alpha")[0].Skill
	if a != b {
		t.Error("unchanged skill was read again")
	}
	writeFile(t, filepath.Join(root, "alpha", "extra.md"), "new file\n")
	c := entriesNamed(mustLoad(t, l), "alpha")[0].Skill
	if c == b || c.File("extra.md") == nil {
		t.Error("a new file was not picked up")
	}
}
