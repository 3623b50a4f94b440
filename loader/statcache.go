package loader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/skillvet/skillvet/skill"
)

// statCache lets a warm load skip reading a skill whose files have not
// changed, as git's index does: a skill's signature covers every entry's
// path, mode, size, modification and status-change times, inode and
// device. Writing a file changes its ctime, which ordinary users cannot set
// back, so any change to any file changes the signature.
//
// Even a change that went unnoticed could not smuggle unscanned bytes in:
// the registry serves the skill.Skill that was read, hashed and scanned,
// never the disk. The cache only decides whether to read again.
type statCache struct {
	mu sync.Mutex
	m  map[string]statEntry // by real directory
}

type statEntry struct {
	sig   string
	skill *skill.Skill
}

// signature walks dir without following symlinks. ok is false when the
// platform gives no change time (then every load reads).
func signature(dir string) (sig string, ok bool) {
	h := sha256.New()
	ok = true
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" && p != dir {
			return filepath.SkipDir // never read by skill.Load
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		ctime, ino, dev, have := statExtra(st)
		ok = ok && have
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(h, "%s\x00%o\x00%d\x00%d\x00%d\x00%d\x00%d\n", rel, st.Mode(), st.Size(), st.ModTime().UnixNano(), ctime, ino, dev)
		if st.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			fmt.Fprintf(h, "->%s\n", target)
		}
		return nil
	})
	if err != nil {
		return "", false
	}
	return hex.EncodeToString(h.Sum(nil)), ok
}

func (c *statCache) get(real, sig string) *skill.Skill {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[real]; ok && e.sig == sig {
		return e.skill
	}
	return nil
}

func (c *statCache) put(real, sig string, s *skill.Skill) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]statEntry{}
	}
	c.m[real] = statEntry{sig, s}
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
