package skill

import "testing"

func TestEmbeddedMapping(t *testing.T) {
	host := NewFile("SKILL.md", []byte("# T\n\n> ```python\n> import os\n> os.system(x)\n> ```\n"))
	// the quoted block's lines, as the Markdown parser joins them
	content := []byte("import os\nos.system(x)\n")
	segs := []Seg{{V: 0, H: 19, N: 9}, {V: 10, H: 31, N: 12}}
	e := NewEmbeddedMapped(host, KindPython, content, segs, "python code block", ".py")
	if e.Path != "SKILL.md#L4.py" || e.Embed.Depth != 1 || e.Root() != host {
		t.Fatalf("path %q depth %d", e.Path, e.Embed.Depth)
	}
	for _, c := range []struct{ off, want int }{{0, 19}, {3, 22}, {10, 31}, {12, 33}, {21, 42}, {500, 43}} {
		f, got := e.Embed.HostOffset(c.off)
		if f != host || got != c.want {
			t.Errorf("HostOffset(%d) = %d, want %d", c.off, got, c.want)
		}
	}
	if pos := host.Pos(func() int { _, o := e.Embed.HostOffset(10); return o }()); pos.Line != 5 || pos.Column != 3 {
		t.Errorf("line 2 of the block maps to %d:%d, want 5:3", pos.Line, pos.Column)
	}
	// code embedded in embedded code maps through both levels
	inner := NewEmbedded(e, KindShell, 10, 22, "os.system argument", ".sh")
	if f, got := inner.Embed.HostOffset(2); f != host || got != 33 || inner.Embed.Depth != 2 {
		t.Errorf("nested: %v %d depth %d", f.Path, got, inner.Embed.Depth)
	}
}

func TestRelease(t *testing.T) {
	f := NewFile("a.md", []byte("one\ntwo\nthree\n"))
	_ = f.Pos(5)
	if _, err := f.Memo("k", func() (any, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	f.Release()
	if f.Content != nil || f.Path != "a.md" || f.Kind != KindMarkdown {
		t.Fatalf("after Release: %+v", f)
	}
	if p := f.Pos(10); p.Line != 1 || p.Column != 1 {
		t.Errorf("Pos after Release = %+v, want 1:1", p)
	}
}

func TestIdentity(t *testing.T) {
	s := New("skills/demo", map[string][]byte{
		"SKILL.md":       []byte("---\nname: demo\ndescription: d\n---\nbody\n"),
		"scripts/run.sh": []byte("echo hi\n"),
	})
	id := s.Identity()
	if id == s || id.Name != "demo" || id.Dir != "skills/demo" || id.DirName != "demo" || id.Hash != s.Hash || id.Hash == "" {
		t.Fatalf("Identity = %+v, from %+v", id, s)
	}
	if id.Files != nil || id.Manifest != nil || id.Problems != nil || id.Links != nil {
		t.Errorf("Identity keeps contents: %+v", id)
	}
	if len(s.Files) != 2 || s.Manifest == nil {
		t.Errorf("Identity changed the original: %d files", len(s.Files))
	}
	var none *Skill
	if none.Identity() != nil {
		t.Error("nil.Identity() != nil")
	}
}
