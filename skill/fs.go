package skill

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"
	"time"
)

// RootFS is an fs.FS over a directory that refuses to leave it: it is backed
// by os.Root, so symlinks that resolve outside the directory fail to open.
type RootFS struct {
	root *os.Root
	fs.FS
	// tree, when set, is an ancestor of the directory (the repository or
	// the root being scanned) in which symlinks leaving the directory may
	// still be read (InTree); rel is the directory's path inside it.
	tree *os.Root
	rel  string
}

// OpenDir opens dir as a RootFS. Close it when done.
func OpenDir(dir string) (*RootFS, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &RootFS{root: r, FS: r.FS()}, nil
}

// OpenDirIn opens dir as a RootFS whose symlinks may resolve to files
// elsewhere in tree, an ancestor directory of dir: the repository (or the
// root) being scanned, which is analysed as one unit. A link out of tree
// still fails. With tree "" it is OpenDir.
func OpenDirIn(dir, tree string) (*RootFS, error) {
	r, err := OpenDir(dir)
	if err != nil || tree == "" {
		return r, err
	}
	absDir, err1 := filepath.Abs(dir)
	absTree, err2 := filepath.Abs(tree)
	if err1 != nil || err2 != nil {
		return r, nil
	}
	rel, err := filepath.Rel(absTree, absDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return r, nil // not an ancestor: links stay confined to dir
	}
	t, err := os.OpenRoot(absTree)
	if err != nil {
		return r, nil
	}
	r.tree, r.rel = t, filepath.ToSlash(rel)
	return r, nil
}

// InTree opens the target of the symlink name (slash path relative to the
// directory), which leaves the directory, when it resolves inside the tree
// given to OpenDirIn. It fails for anything else.
func (r *RootFS) InTree(name string) (fs.File, error) {
	if r.tree == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	p := path.Join(r.rel, name)
	f, err := r.tree.OpenFile(filepath.FromSlash(p), os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Open opens name for reading without blocking on named pipes, so a FIFO
// swapped in after the directory walk cannot hang the scanner.
func (r *RootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := r.root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// ReadLink implements fs.ReadLinkFS.
func (r *RootFS) ReadLink(name string) (string, error) { return r.root.Readlink(name) }

// Lstat implements fs.ReadLinkFS.
func (r *RootFS) Lstat(name string) (fs.FileInfo, error) { return r.root.Lstat(name) }

// OutsideTargetMissing reports whether the symlink name (which points
// outside the directory) resolves to nothing on the real filesystem. It
// only stats the target; nothing is opened or read.
func (r *RootFS) OutsideTargetMissing(name string) bool {
	_, err := os.Stat(filepath.Join(r.root.Name(), filepath.FromSlash(name)))
	return errors.Is(err, fs.ErrNotExist)
}

// Close releases the directory handles.
func (r *RootFS) Close() error {
	if r.tree != nil {
		r.tree.Close()
	}
	return r.root.Close()
}

// MemFS returns an fs.FS over a skill's in-memory files: what rules read
// through the analysis pass.
func (s *Skill) MemFS() fs.FS {
	m := make(fstest.MapFS, len(s.Files))
	for _, f := range s.Files {
		m[f.Path] = &fstest.MapFile{Data: f.Content, Mode: 0o644, ModTime: time.Time{}}
	}
	return m
}

// Dirs lists the directories that hold the skill's files (slash paths).
func (s *Skill) Dirs() []string {
	seen := map[string]bool{}
	for _, f := range s.Files {
		for d := path.Dir(f.Path); d != "." && !seen[d]; d = path.Dir(d) {
			seen[d] = true
		}
	}
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// HasDir reports whether any file of the skill lies under slash path d.
func (s *Skill) HasDir(d string) bool {
	d = strings.TrimSuffix(d, "/") + "/"
	for _, f := range s.Files {
		if strings.HasPrefix(f.Path, d) {
			return true
		}
	}
	return false
}
