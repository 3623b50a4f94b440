package loader

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long Watch waits for the file system to settle
// before reloading.
const DefaultDebounce = 250 * time.Millisecond

// WatchOptions configure Watch.
type WatchOptions struct {
	// Debounce is the quiet period after the last event before a reload;
	// 0 means DefaultDebounce.
	Debounce time.Duration
}

// Watch reloads the registry when anything under the roots changes, until
// ctx is done. It watches every root (or, for a root that does not exist
// yet, its nearest existing ancestor) and every skill directory beneath it, waits
// for events to settle, then runs Load: reading and hashing are cheap and
// the gate's cache means only skills whose content changed are scanned
// again. A failed reload keeps the last good registry, and subscribers get
// a Change with Err set. Watch loads once first if nothing was loaded
// yet. It returns ctx's error when ctx is done, or an error if the watcher
// cannot be set up.
func (l *Loader) Watch(ctx context.Context, o WatchOptions) error {
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	l.addWatches(w)
	if !l.loaded.Load() {
		l.reload(ctx, w)
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var first time.Time // first event of the pending burst; zero when none
	kick := func() {
		// Wait for a quiet period, but never postpone a reload by more
		// than ten debounce periods while events keep coming.
		if first.IsZero() {
			first = time.Now()
		} else if time.Since(first) > 10*o.Debounce {
			return
		}
		timer.Reset(o.Debounce)
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case _, ok := <-w.Events:
			if !ok {
				return errors.New("file watcher closed")
			}
			kick() // chmod too: readability decides what the gate sees
		case _, ok := <-w.Errors:
			if !ok {
				return errors.New("file watcher closed")
			}
			kick() // an event queue overflow: rescan to be safe
		case <-timer.C:
			first = time.Time{}
			l.reload(ctx, w)
		}
	}
}

func (l *Loader) reload(ctx context.Context, w *fsnotify.Watcher) {
	l.addWatches(w) // new skill directories, roots that appeared
	if _, err := l.Load(ctx); err != nil {
		if ctx.Err() != nil {
			return
		}
		l.notify(diff(nil, l.Registry(), err))
	}
}

// addWatches watches every root and every directory below it (fsnotify is
// not recursive). Adding a watched path again is harmless.
func (l *Loader) addWatches(w *fsnotify.Watcher) {
	for _, r := range l.opts.Roots {
		dir, err := filepath.Abs(r.Dir)
		if err != nil {
			continue
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			// Not there yet: watch the nearest existing ancestor so that
			// its creation is seen (and watched on the next reload).
			for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
				if st, err := os.Stat(p); err == nil && st.IsDir() {
					_ = w.Add(p)
					break
				}
				if filepath.Dir(p) == p {
					break
				}
			}
			continue
		}
		_ = w.Add(dir)
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, de := range ents {
			sd := filepath.Join(dir, de.Name())
			real, err := filepath.EvalSymlinks(sd)
			if err != nil {
				continue
			}
			// The real directory, all of it: a symlinked skill is watched
			// where its files are, and .git and nested skills are part of
			// what the gate reads.
			_ = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
				if err != nil || !d.IsDir() {
					return nil
				}
				_ = w.Add(p)
				return nil
			})
		}
	}
}
