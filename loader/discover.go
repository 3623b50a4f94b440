// Package loader finds skills on disk and, as a gate, loads only the ones
// that pass the scanner. Discover serves the CLI's scan and lint: it accepts
// a skill directory, a SKILL.md file, any file inside a skill, or a root that
// holds many skills at any depth.
package loader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// Discovered is the outcome of Discover.
type Discovered struct {
	Dirs []string // skill directories, sorted, as paths the user can read
	// Trees maps a skill directory to the tree it was found in (the
	// directory given on the command line); symlinks leaving the skill are
	// read when they stay inside it (skill.OpenDirIn).
	Trees map[string]string
	// Outside lists given files that are not inside any skill.
	Outside []string
}

// Discover finds skills under paths. A path that does not exist is an error.
func Discover(paths []string) (*Discovered, error) {
	d := &Discovered{Trees: map[string]string{}}
	seen := map[string]bool{}
	tree := ""
	add := func(dir string) {
		dir = filepath.Clean(dir)
		if !seen[dir] {
			seen[dir] = true
			d.Dirs = append(d.Dirs, dir)
			if tree != "" {
				d.Trees[dir] = tree
			}
		}
	}
	for _, p := range paths {
		tree = ""
		st, err := os.Lstat(p)
		if err != nil {
			return nil, err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			// Follow a symlink given explicitly on the command line: the user
			// named it. Links found while walking are never followed.
			if st, err = os.Stat(p); err != nil {
				return nil, err
			}
		}
		if !st.IsDir() {
			if dir, ok := EnclosingSkill(filepath.Dir(p)); ok {
				add(dir)
			} else {
				d.Outside = append(d.Outside, p)
			}
			continue
		}
		if dir, ok := EnclosingSkill(p); ok && dir != filepath.Clean(p) {
			add(dir) // a directory inside a skill: scan the whole skill
			continue
		}
		tree = filepath.Clean(p)
		err = filepath.WalkDir(p, func(q string, e fs.DirEntry, err error) error {
			if err != nil {
				if q == p {
					return err
				}
				return nil // unreadable subdirectory of a batch root; not a skill
			}
			if e.IsDir() && q != p && e.Name() == ".git" {
				return filepath.SkipDir
			}
			if !e.IsDir() && e.Name() == skill.ManifestName {
				add(filepath.Dir(q))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(d.Dirs)
	return d, nil
}

// EnclosingSkill walks up from dir to the nearest directory holding SKILL.md.
func EnclosingSkill(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	rel := filepath.Clean(dir)
	for {
		if st, err := os.Lstat(filepath.Join(abs, skill.ManifestName)); err == nil && !st.IsDir() {
			return rel, true
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", false
		}
		abs = parent
		rel = filepath.Join(rel, "..")
	}
}

// Sources turns skill directories into analysis sources. Each directory is
// opened lazily (an os.Root, which refuses symlinks that escape it) when the
// engine loads it, and closed after. A symlink leaving a skill is read when
// its target is a file inside the same git work tree: a repository is
// analysed as one unit.
func Sources(dirs []string) []analyzer.Source { return sourcesIn(dirs, nil) }

// Sources is the package function Sources, except that a symlink leaving a
// skill may also resolve anywhere under the directory the skill was found
// in (Trees).
func (d *Discovered) Sources() []analyzer.Source { return sourcesIn(d.Dirs, d.Trees) }

func sourcesIn(dirs []string, trees map[string]string) []analyzer.Source {
	out := make([]analyzer.Source, len(dirs))
	tops := &gitTops{known: map[string]string{}}
	for i, dir := range dirs {
		out[i] = analyzer.Source{Dir: dir, Open: func() (fs.FS, error) {
			tree := tops.of(dir)
			if tree == "" {
				tree = trees[dir]
			}
			r, err := skill.OpenDirIn(dir, tree)
			if err != nil {
				return nil, fmt.Errorf("open %s: %w", dir, err)
			}
			return r, nil
		}}
	}
	return out
}

// GitTop returns the top of the git work tree holding dir (the nearest
// ancestor with a .git entry), or "" when there is none.
func GitTop(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Lstat(filepath.Join(abs, ".git")); err == nil {
			return abs
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		abs = parent
	}
}

// gitTops is GitTop for the skills of one batch: a skill's own directory
// is looked at each time, and the answer for its parent, which the other
// skills found in the same directory share, is kept (a batch of 2,000
// skills under one directory asked the same ancestors 8,000 times).
type gitTops struct {
	mu    sync.Mutex
	known map[string]string // absolute directory -> GitTop of it
}

func (t *gitTops) of(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if _, err := os.Lstat(filepath.Join(abs, ".git")); err == nil {
		return abs
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return ""
	}
	t.mu.Lock()
	top, ok := t.known[parent]
	t.mu.Unlock()
	if !ok {
		top = GitTop(parent)
		t.mu.Lock()
		t.known[parent] = top
		t.mu.Unlock()
	}
	return top
}

// ErrNoSkills is returned by callers that require at least one skill.
var ErrNoSkills = errors.New("no skills found (no SKILL.md under the given paths)")
