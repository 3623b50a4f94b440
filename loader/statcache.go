package loader

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/skillvet/skillvet/skill"
)

// statCache lets a warm load skip reading a skill whose files have not
// changed, as git's index does. It is the only place the warm path decides
// whether to read a skill again.
//
// Before a skill is read, every entry of its tree (the real directory,
// symlinks not followed, .git and nested skills included: the gate reads
// them all) is lstat'ed and its mode, size, modification and status-change
// times, inode and device are recorded. A warm load lstat's the same paths
// again and compares: writing a file changes its ctime, which ordinary users
// cannot set back, and adding, removing or renaming an entry changes the
// ctime and mtime of its directory, so an unchanged directory needs no
// listing. A skill is not cached while any entry is racy (its ctime within
// racyWindow of the snapshot): a change in the same clock tick could keep
// the same ctime, so it is read again until its entries are older.
//
// Even a change that went unnoticed could not smuggle unscanned bytes in:
// the registry serves the skill.Skill that was read, hashed and scanned,
// never the disk. The cache only decides whether to read again.
type statCache struct {
	mu sync.Mutex
	m  map[string]*treeSnap // by real directory
}

// racyWindow covers the coarsest change-time granularity of common file
// systems (1–2 s) and the coarse kernel clock. (A variable for tests.)
var racyWindow = 2 * time.Second

// maxSnapEntries bounds the paths recorded for one skill; a bigger tree is
// never cached (and is over the read limits anyway).
const maxSnapEntries = 20000

// stamp is what lstat says of one path.
type stamp struct {
	mode         fs.FileMode
	size         int64
	mtime, ctime int64
	ino, dev     uint64
}

type snapEntry struct {
	path  string // absolute
	stamp stamp
}

// treeSnap is a skill tree as lstat saw it, and the skill read after it.
type treeSnap struct {
	entries []snapEntry
	// racy is set when an entry changed within racyWindow of the
	// snapshot: equal stamps then do not prove equal content.
	racy  bool
	skill *skill.Skill
}

// takeSnap lstat's every path under dir (dir included, symlinks not
// followed). It returns nil when the tree cannot be recorded: an entry
// could not be listed or stat'ed, the platform gives no change time, or
// the tree is too big.
func takeSnap(dir string) *treeSnap {
	recent := time.Now().Add(-racyWindow).UnixNano()
	snap := &treeSnap{}
	add := func(p string, fi fs.FileInfo) bool {
		st, ok := stampOf(fi)
		if !ok || len(snap.entries) >= maxSnapEntries {
			return false
		}
		if st.ctime >= recent {
			snap.racy = true
		}
		snap.entries = append(snap.entries, snapEntry{p, st})
		return true
	}
	var walk func(p string) bool
	walk = func(p string) bool {
		ents, err := os.ReadDir(p)
		if err != nil {
			return false
		}
		for _, de := range ents {
			q := filepath.Join(p, de.Name())
			fi, err := os.Lstat(q)
			if err != nil || !add(q, fi) {
				return false
			}
			if fi.IsDir() && !walk(q) {
				return false
			}
		}
		return true
	}
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() || !add(dir, fi) || !walk(dir) {
		return nil
	}
	return snap
}

func stampOf(fi fs.FileInfo) (stamp, bool) {
	ctime, ino, dev, ok := statExtra(fi)
	return stamp{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano(), ctime: ctime, ino: ino, dev: dev}, ok
}

// unchanged re-stats every recorded path.
func (t *treeSnap) unchanged() bool {
	for _, e := range t.entries {
		fi, err := os.Lstat(e.path)
		if err != nil {
			return false
		}
		if st, ok := stampOf(fi); !ok || st != e.stamp {
			return false
		}
	}
	return true
}

// get returns the snapshot of real, with the skill read after it, if no
// entry of its tree changed since; or nil.
func (c *statCache) get(real string) *treeSnap {
	c.mu.Lock()
	t := c.m[real]
	c.mu.Unlock()
	if t == nil || t.racy || !t.unchanged() {
		return nil
	}
	return t
}

// put records s as read from the tree snap (taken before reading). A racy
// snap is kept for Fresh, but get never trusts it.
func (c *statCache) put(real string, snap *treeSnap, s *skill.Skill) {
	snap.skill = s
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*treeSnap{}
	}
	c.m[real] = snap
}

// retain drops entries for directories not in keep.
func (c *statCache) retain(keep map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.m {
		if !keep[k] {
			delete(c.m, k)
		}
	}
}
