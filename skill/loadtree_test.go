package skill

import (
	"context"
	"testing"
	"testing/fstest"
)

// TestLoadTreeReadsEverything: Load leaves .git and nested skills out (a
// scan treats them as VCS metadata and as skills of their own); LoadTree,
// for a gate, reads them.
func TestLoadTreeReadsEverything(t *testing.T) {
	fsys := fstest.MapFS{
		"SKILL.md":          {Data: []byte("---\nname: a\ndescription: A.\n---\nbody\n")},
		".git/config":       {Data: []byte("[core]\n")},
		"sub/SKILL.md":      {Data: []byte("---\nname: sub\ndescription: S.\n---\n")},
		"sub/run.sh":        {Data: []byte("echo hi\n")},
		".hidden/notes.txt": {Data: []byte("x\n")},
	}
	s, err := Load(context.Background(), fsys, "a", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if s.File(".git/config") != nil || s.File("sub/run.sh") != nil || s.File(".hidden/notes.txt") == nil {
		t.Fatalf("Load read %d files", len(s.Files))
	}
	all, err := LoadTree(context.Background(), fsys, "a", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".git/config", "sub/SKILL.md", "sub/run.sh", ".hidden/notes.txt", "SKILL.md"} {
		if all.File(p) == nil {
			t.Errorf("LoadTree did not read %s", p)
		}
	}
	if all.Hash == s.Hash {
		t.Error("hashes of different trees are equal")
	}
}
