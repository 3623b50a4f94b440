package skill

import "testing"

func TestForgetParses(t *testing.T) {
	f := NewFile("SKILL.md", []byte("# x\n"))
	builds := 0
	build := func() (any, error) { builds++; return builds, nil }
	type key struct{}
	f.Memo(key{}, build)
	if v, _ := f.Memo(key{}, build); v != 1 || builds != 1 {
		t.Fatalf("memo rebuilt before ForgetParses: v=%v builds=%d", v, builds)
	}
	f.ForgetParses()
	if v, _ := f.Memo(key{}, build); v != 2 || builds != 2 {
		t.Fatalf("memo not rebuilt after ForgetParses: v=%v builds=%d", v, builds)
	}
}
