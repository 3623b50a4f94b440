package loader

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// changes collects Change notifications.
type changes struct {
	mu  sync.Mutex
	all []Change
}

func (c *changes) add(ch Change) { c.mu.Lock(); c.all = append(c.all, ch); c.mu.Unlock() }

// waitFor polls until cond holds for some change, or fails at the deadline.
func (c *changes) waitFor(t *testing.T, what string, cond func(Change) bool) Change {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		for _, ch := range c.all {
			if cond(ch) {
				c.all = nil
				c.mu.Unlock()
				return ch
			}
		}
		c.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t.Fatalf("timed out waiting for %s; changes: %+v", what, c.all)
	return Change{}
}

func TestWatchReload(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "skills")
	later := filepath.Join(tmp, "later", "skills") // does not exist yet
	simpleSkill(t, root, "alpha", "alpha\n")
	d := simpleSkill(t, root, "beta", "beta\n")
	broken := filepath.Join(tmp, "broken") // becomes unlistable later
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root, Priority: 1}, {Dir: later, Priority: 2}, {Dir: broken}}})
	var got changes
	unsub := l.Subscribe(got.add)
	defer unsub()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- l.Watch(ctx, WatchOptions{Debounce: 20 * time.Millisecond}) }()

	ch := got.waitFor(t, "initial load", func(c Change) bool { return len(c.Admitted) == 2 })
	if strings.Join(ch.Admitted, ",") != "alpha,beta" {
		t.Fatalf("initial %v", ch.Admitted)
	}
	scans := l.Gate().Scans()

	// A malicious update to a nested file drops the skill; alpha is not
	// scanned again.
	writeFile(t, filepath.Join(d, "scripts", "x.sh"), "echo EVIL-PAYLOAD\n")
	ch = got.waitFor(t, "beta dropped", func(c Change) bool { return slices.Contains(c.Dropped, "beta") })
	if ch.Registry.Lookup("beta").Status != StatusRefused || l.Registry().Lookup("alpha").Status != StatusAdmitted {
		t.Fatalf("after update: beta %s", ch.Registry.Lookup("beta").Status)
	}
	if n := l.Gate().Scans() - scans; n != 1 {
		t.Fatalf("reload ran %d scans, want 1", n)
	}

	// Fixing it admits it again.
	if err := os.Remove(filepath.Join(d, "scripts", "x.sh")); err != nil {
		t.Fatal(err)
	}
	got.waitFor(t, "beta re-admitted", func(c Change) bool { return slices.Contains(c.Admitted, "beta") })

	// A new skill in a new directory.
	simpleSkill(t, root, "gamma", "gamma\n")
	got.waitFor(t, "gamma admitted", func(c Change) bool { return slices.Contains(c.Admitted, "gamma") })

	// A root that appears after the watch started.
	simpleSkill(t, later, "alpha", "alpha from the later root\n")
	ch = got.waitFor(t, "alpha replaced", func(c Change) bool { return slices.Contains(c.Admitted, "alpha") })
	if ch.Registry.Lookup("alpha").Root != later {
		t.Fatalf("alpha from %s", ch.Registry.Lookup("alpha").Root)
	}

	// A reload that fails keeps the last good registry and says so.
	good := l.Registry()
	if err := os.Symlink(broken, broken); err != nil { // a root that cannot be listed, in one step
		t.Fatal(err)
	}
	ch = got.waitFor(t, "failed reload", func(c Change) bool { return c.Err != nil })
	if ch.Registry != good || l.Registry() != good {
		t.Fatal("failed reload replaced the registry")
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Watch returned %v", err)
	}
}

func TestSubscriberMayLoad(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "a", "x\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	calls := 0
	l.Subscribe(func(c Change) {
		calls++
		if calls == 1 {
			if _, err := l.Load(context.Background()); err != nil {
				t.Error(err)
			}
		}
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := l.Load(context.Background()); err != nil {
			t.Error(err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Load from a subscriber deadlocked")
	}
	if calls != 1 { // the nested load changed nothing, so no second call
		t.Fatalf("%d calls", calls)
	}
}

func TestWatchDoesNotStarveUnderConstantEvents(t *testing.T) {
	root := t.TempDir()
	d := simpleSkill(t, root, "busy", "x\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	mustLoad(t, l)
	var got changes
	defer l.Subscribe(got.add)()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.Watch(ctx, WatchOptions{Debounce: 20 * time.Millisecond})
	time.Sleep(50 * time.Millisecond) // let the watches be set up
	stop := make(chan struct{})
	writing := make(chan struct{})
	go func() {
		defer close(writing)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			os.WriteFile(filepath.Join(d, "notes.md"), []byte(strings.Repeat("n", i%50+1)), 0o644)
		}
	}()
	// Ten debounce periods plus generous slack for a loaded machine.
	deadline := time.Now().Add(1500 * time.Millisecond)
	for {
		got.mu.Lock()
		n := len(got.all)
		got.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no reload while events kept coming")
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	<-writing
}

// TestWatchSymlinkedSkillTarget edits a file inside the target of a
// symlinked skill directory (outside every root): the watcher sees it, and
// the skill is dropped once the new bytes are gated.
func TestWatchSymlinkedSkillTarget(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	target := simpleSkill(t, elsewhere, "alpha", "clean\n")
	writeFile(t, filepath.Join(target, "scripts", "run.sh"), "echo fine\n")
	if err := os.Symlink(target, filepath.Join(root, "alpha")); err != nil {
		t.Skip(err)
	}
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	var got changes
	defer l.Subscribe(got.add)()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.Watch(ctx, WatchOptions{Debounce: 20 * time.Millisecond})
	got.waitFor(t, "initial load", func(c Change) bool { return slices.Contains(c.Admitted, "alpha") })
	writeFile(t, filepath.Join(target, "scripts", "run.sh"), "echo EVIL-PAYLOAD\n")
	ch := got.waitFor(t, "alpha dropped", func(c Change) bool { return slices.Contains(c.Dropped, "alpha") })
	if e := ch.Registry.Lookup("alpha"); e.Status != StatusRefused || e.Code != CodeFindings {
		t.Fatalf("alpha %s (%s)", e.Status, e.Code)
	}
}
