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
	noRacyWindow(t)
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

// noRacyWindow trusts change times from the start (tests write a skill and
// load it at once; they sleep between edits for a distinct change time).
func noRacyWindow(t *testing.T) {
	old := racyWindow
	racyWindow = 0
	t.Cleanup(func() { racyWindow = old })
}

// TestStatCacheSkipsReads checks that an unchanged skill is not read again,
// and that adding a file anywhere (a nested directory included) is seen.
func TestStatCacheSkipsReads(t *testing.T) {
	noRacyWindow(t)
	root := t.TempDir()
	simpleSkill(t, root, "alpha", "clean\n")
	simpleSkill(t, root, "beta", "clean\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	if r := mustLoad(t, l); r.Stats.Read != 2 {
		t.Fatalf("cold load read %d skills", r.Stats.Read)
	}
	if r := mustLoad(t, l); r.Stats.Read != 0 {
		t.Fatalf("warm load read %d skills", r.Stats.Read)
	}
	time.Sleep(10 * time.Millisecond)
	writeFile(t, filepath.Join(root, "alpha", "deep", "er", "extra.md"), "new file\n")
	r := mustLoad(t, l)
	if r.Stats.Read != 1 || entriesNamed(r, "alpha")[0].Skill.File("deep/er/extra.md") == nil {
		t.Errorf("a new file was not picked up (read %d)", r.Stats.Read)
	}
}

// TestStatCacheRacyEntriesReadAgain: with the default window, a skill whose
// files changed within the last two seconds is read on every load (a change
// in the same clock tick could keep the same change time).
func TestStatCacheRacyEntriesReadAgain(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "alpha", "clean\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	mustLoad(t, l)
	if r := mustLoad(t, l); r.Stats.Read != 1 {
		t.Fatalf("a racy skill was trusted: read %d", r.Stats.Read)
	}
}

// TestStatCacheFollowsSymlinkedSkill edits a file inside the target of a
// symlinked skill directory: the warm load sees it (the tree of the real
// directory is what is stat'ed), and the new bytes are gated.
func TestStatCacheFollowsSymlinkedSkill(t *testing.T) {
	noRacyWindow(t)
	root, elsewhere := t.TempDir(), t.TempDir()
	target := simpleSkill(t, elsewhere, "alpha", "clean body\n")
	if err := os.Symlink(target, filepath.Join(root, "alpha")); err != nil {
		t.Skip(err)
	}
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	wantStatus(t, entriesNamed(mustLoad(t, l), "alpha")[0], StatusAdmitted)
	if r := mustLoad(t, l); r.Stats.Read != 0 {
		t.Fatalf("warm load read %d", r.Stats.Read)
	}
	time.Sleep(10 * time.Millisecond)
	writeFile(t, filepath.Join(target, "scripts", "run.sh"), "echo EVIL-PAYLOAD\n")
	e := entriesNamed(mustLoad(t, l), "alpha")[0]
	wantStatus(t, e, StatusRefused)
}
