// Package skill is the model of an Agent Skill: a directory holding SKILL.md
// (YAML frontmatter and a Markdown body) and optional scripts, references and
// assets. Load reads a skill into memory through an fs.FS, with limits, and
// records everything it could not read as a Problem rather than skipping it.
package skill

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ManifestName is the file that makes a directory a skill.
const ManifestName = "SKILL.md"

// Limits bound what Load reads from one skill.
type Limits struct {
	MaxFileBytes  int64 // per file
	MaxFiles      int   // per skill
	MaxTotalBytes int64 // per skill
}

// DefaultLimits are generous for real skills (the largest public skills are a
// few MB) and small enough that a hostile skill cannot exhaust memory.
var DefaultLimits = Limits{MaxFileBytes: 8 << 20, MaxFiles: 2000, MaxTotalBytes: 64 << 20}

// ProblemKind says why content was not analysed.
type ProblemKind string

const (
	ProblemTooLarge      ProblemKind = "too-large"
	ProblemTooManyFiles  ProblemKind = "too-many-files"
	ProblemTotalTooLarge ProblemKind = "total-too-large"
	ProblemSymlinkEscape ProblemKind = "symlink-escape"
	ProblemBadSymlink    ProblemKind = "bad-symlink"
	// ProblemDanglingLink is a symlink that points outside the skill at
	// nothing that exists: nothing can be read through it (checked on the
	// real filesystem when the skill is a directory on disk).
	ProblemDanglingLink ProblemKind = "dangling-symlink"
	ProblemSpecialFile  ProblemKind = "special-file"
	ProblemReadError    ProblemKind = "read-error"
	ProblemNoManifest   ProblemKind = "no-manifest"
	// ProblemLinkInTree is a symlink that leaves the skill for a regular
	// file elsewhere in the repository being scanned: the file was read and
	// analysed as the link's content, but the skill breaks when it is
	// installed on its own, and a gate serving it would read outside it.
	ProblemLinkInTree ProblemKind = "link-in-tree"
)

// Problem is content Load could not read or would not follow.
type Problem struct {
	Path   string // slash path relative to the skill directory
	Kind   ProblemKind
	Detail string
}

// Skill is a loaded skill.
type Skill struct {
	Name     string // frontmatter name, or the directory name when absent
	Dir      string // the directory as discovered, for display (OS path)
	DirName  string // base name of the directory
	Manifest *Manifest
	Files    []*File // sorted by Path; SKILL.md included
	Problems []Problem
	// Links are the symbolic links that stay inside the skill directory,
	// sorted by Path. A link's target file is read at its own path (the
	// link itself is not a File); a link leaving the skill is a Problem
	// instead. Hash does not cover Links; the provenance content hash does.
	Links []Link
	// Hash is the SHA-256 of every file's path and content and of every
	// problem: any change to the skill changes it.
	Hash string
}

// Link is a symbolic link inside the skill.
type Link struct {
	Path   string // slash path of the link, relative to the skill directory
	Target string // the link's target exactly as stored (relative)
	// InTree: the target lies outside the skill, in the scanned tree; its
	// content is the File at Path.
	InTree bool
}

// File returns the file at slash path p relative to the skill, or nil.
func (s *Skill) File(p string) *File {
	// Files are sorted by Path (complete): a search needs no index, and a
	// released skill kept for the report carries no map.
	i := sort.Search(len(s.Files), func(i int) bool { return s.Files[i].Path >= p })
	if i < len(s.Files) && s.Files[i].Path == p {
		return s.Files[i]
	}
	return nil
}

// OwnName reports whether n names the skill: its directory or its
// manifest name.
func (s *Skill) OwnName(n string) bool { return n != "" && (n == s.DirName || n == s.Name) }

// ManifestFile returns SKILL.md, or nil.
func (s *Skill) ManifestFile() *File { return s.File(ManifestName) }

// Memo is File.Memo for facts about the whole skill (its hosts, its shell
// session): built once, kept with the manifest (or the first file) and let
// go with the parses. It returns nil for a skill with no files.
func (s *Skill) Memo(key any, build func() (any, error)) (any, error) {
	if s == nil {
		return nil, nil
	}
	anchor := s.ManifestFile()
	if anchor == nil {
		if len(s.Files) == 0 {
			return nil, nil
		}
		anchor = s.Files[0]
	}
	return anchor.Memo(key, build)
}

// Load reads the skill rooted at fsys. dir is the display path of the
// directory. Load returns an error only when ctx is done or the root itself
// cannot be read; everything else becomes a Problem. It skips .git
// directories and nested skills (a subdirectory holding its own SKILL.md),
// which scans treat as VCS metadata and as skills of their own.
func Load(ctx context.Context, fsys fs.FS, dir string, lim Limits) (*Skill, error) {
	return load(ctx, fsys, dir, lim, false)
}

// LoadTree is Load without exceptions: every file under the directory is
// read, .git directories and nested skills included, as a gate that serves
// the directory to an agent must (the agent can reach all of it). Limits
// apply to the whole tree.
func LoadTree(ctx context.Context, fsys fs.FS, dir string, lim Limits) (*Skill, error) {
	return load(ctx, fsys, dir, lim, true)
}

func load(ctx context.Context, fsys fs.FS, dir string, lim Limits, all bool) (*Skill, error) {
	if lim == (Limits{}) {
		lim = DefaultLimits
	}
	base := path.Base(strings.ReplaceAll(dir, "\\", "/"))
	if base == "." || base == "/" {
		base = ""
	}
	s := &Skill{Dir: dir, DirName: base}
	var total int64
	files := 0
	tooMany := false
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if err != nil {
			if p == "." {
				return err
			}
			s.problem(p, ProblemReadError, err.Error())
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p == "." {
				return nil
			}
			if all {
				return nil
			}
			if d.Name() == ".git" {
				return fs.SkipDir // VCS metadata
			}
			if _, err := fs.Stat(fsys, path.Join(p, ManifestName)); err == nil {
				return fs.SkipDir // a nested skill is a skill of its own
			}
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			if !s.checkSymlink(fsys, p) || tooMany || files >= lim.MaxFiles {
				return nil
			}
			f, ok := s.readInTree(fsys, p, lim.MaxFileBytes)
			if !ok {
				return nil
			}
			if total+int64(len(f.Content)) > lim.MaxTotalBytes {
				s.problem(p, ProblemTotalTooLarge, fmt.Sprintf("skill content exceeds the per-skill limit of %d bytes; this and later files were not read", lim.MaxTotalBytes))
				tooMany = true
				return nil
			}
			files++
			total += int64(len(f.Content))
			s.Files = append(s.Files, f)
			return nil
		}
		if !mode.IsRegular() {
			s.problem(p, ProblemSpecialFile, "not a regular file ("+modeName(mode)+")")
			return nil
		}
		if tooMany {
			files++
			return nil
		}
		if files >= lim.MaxFiles {
			tooMany = true
			files++
			return nil
		}
		files++
		f, err := readFile(fsys, p, lim.MaxFileBytes)
		if err != nil {
			var tl *tooLargeError
			if errors.As(err, &tl) {
				s.problem(p, ProblemTooLarge, fmt.Sprintf("%d bytes, over the per-file limit of %d", tl.size, lim.MaxFileBytes))
			} else {
				s.problem(p, ProblemReadError, err.Error())
			}
			return nil
		}
		if total+int64(len(f.Content)) > lim.MaxTotalBytes {
			s.problem(p, ProblemTotalTooLarge, fmt.Sprintf("skill content exceeds the per-skill limit of %d bytes; this and later files were not read", lim.MaxTotalBytes))
			tooMany = true
			return nil
		}
		total += int64(len(f.Content))
		s.Files = append(s.Files, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if tooMany && files > lim.MaxFiles {
		s.problem(".", ProblemTooManyFiles, fmt.Sprintf("%d files, over the per-skill limit of %d; files after the first %d were not read", files, lim.MaxFiles, lim.MaxFiles))
	}
	s.complete(base, "the skill has no readable SKILL.md")
	return s, nil
}

// complete sorts the files, parses SKILL.md (recording its absence with
// the given detail), names the skill and hashes it: the last step of Load
// and New.
func (s *Skill) complete(base, missing string) {
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	sort.Slice(s.Links, func(i, j int) bool { return s.Links[i].Path < s.Links[j].Path })
	if mf := s.File(ManifestName); mf != nil {
		s.Manifest = ParseManifest(mf.Content)
	} else {
		s.Manifest = &Manifest{BodyLine: 1}
		s.problem(ManifestName, ProblemNoManifest, missing)
	}
	s.Name = s.Manifest.Name
	if s.Name == "" {
		s.Name = base
	}
	s.Hash = s.hash()
}

func (s *Skill) problem(p string, k ProblemKind, detail string) {
	s.Problems = append(s.Problems, Problem{Path: p, Kind: k, Detail: detail})
}

func (s *Skill) checkSymlink(fsys fs.FS, p string) (outside bool) {
	target, err := fs.ReadLink(fsys, p)
	if err != nil {
		s.problem(p, ProblemReadError, "cannot read symlink: "+err.Error())
		return
	}
	t := strings.ReplaceAll(target, "\\", "/")
	if path.IsAbs(t) || (len(t) > 1 && t[1] == ':') {
		if dangling(fsys, p) {
			s.problem(p, ProblemDanglingLink, "symlink to absolute path "+target+", which does not exist")
			return
		}
		s.problem(p, ProblemSymlinkEscape, "symlink to absolute path "+target)
		return true
	}
	j := path.Join(path.Dir(p), t)
	if j == ".." || strings.HasPrefix(j, "../") {
		if dangling(fsys, p) {
			s.problem(p, ProblemDanglingLink, "symlink leaves the skill directory to "+target+", which does not exist")
			return
		}
		s.problem(p, ProblemSymlinkEscape, "symlink leaves the skill directory: "+target)
		return true
	}
	// A link inside the skill: its target is read as a file of its own, but
	// it must resolve (an agent following a dangling link or a loop gets an
	// error, or whatever appears there later).
	s.Links = append(s.Links, Link{Path: p, Target: target})
	if _, err := fs.Stat(fsys, p); err != nil {
		s.problem(p, ProblemBadSymlink, "symlink does not resolve inside the skill: "+target)
	}
	return false
}

// inTreeFS is a file system that can read the target of a symlink leaving
// the skill when it stays inside the scanned tree (RootFS from OpenDirIn).
type inTreeFS interface {
	InTree(name string) (fs.File, error)
}

// readInTree reads the regular file an outside symlink p points to when it
// lies in the scanned tree, replacing the escape problem just recorded for
// p with ProblemLinkInTree. It reports whether it did.
func (s *Skill) readInTree(fsys fs.FS, p string, max int64) (*File, bool) {
	t, ok := fsys.(inTreeFS)
	if !ok {
		return nil, false
	}
	fh, err := t.InTree(p)
	if err != nil {
		return nil, false
	}
	defer fh.Close()
	f, err := readOpen(fh, p, max)
	if err != nil {
		return nil, false
	}
	n := len(s.Problems) - 1
	if n < 0 || s.Problems[n].Path != p || s.Problems[n].Kind != ProblemSymlinkEscape {
		return nil, false
	}
	target, _ := fs.ReadLink(fsys, p)
	s.Problems[n] = Problem{Path: p, Kind: ProblemLinkInTree,
		Detail: "symlink leaves the skill for " + target + ", a file in the scanned repository; it was read and analysed as " + p}
	s.Links = append(s.Links, Link{Path: p, Target: target, InTree: true})
	return f, true
}

// dangling reports whether the symlink p resolves to nothing on the real
// filesystem. Only a directory on disk can tell; anything else (an
// in-memory skill, an error other than not-exist) is not dangling, so the
// escape is reported as such.
func dangling(fsys fs.FS, p string) bool {
	o, ok := fsys.(interface{ OutsideTargetMissing(name string) bool })
	return ok && o.OutsideTargetMissing(p)
}

func modeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "irregular file"
}

type tooLargeError struct{ size int64 }

func (e *tooLargeError) Error() string { return fmt.Sprintf("file of %d bytes is too large", e.size) }

func readFile(fsys fs.FS, p string, max int64) (*File, error) {
	fh, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return readOpen(fh, p, max)
}

// readOpen reads the open file fh as the skill file at slash path p.
func readOpen(fh fs.File, p string, max int64) (*File, error) {
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", modeName(st.Mode()))
	}
	if st.Size() > max {
		return nil, &tooLargeError{st.Size()}
	}
	b, err := readSized(io.LimitReader(fh, max+1), st.Size())
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &tooLargeError{int64(len(b))}
	}
	f := NewFile(p, b)
	f.ModTime = st.ModTime()
	return f, nil
}

// readSized reads r to its end into a buffer sized for the size the file
// had when it was opened, plus one byte that shows a file which grew
// (io.ReadAll grows its buffer by doubling: twice the bytes allocated and
// copied for a typical file).
func readSized(r io.Reader, size int64) ([]byte, error) {
	b := make([]byte, 0, size+1)
	for idle := 0; ; {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if n > 0 {
			idle = 0
		} else if idle++; idle > 100 {
			return b, io.ErrNoProgress // a reader that never ends nor reads
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew: read on
		}
	}
}

// NewFile classifies content and builds a File. UTF-16 text with a byte-order
// mark is converted to UTF-8 (and noted); invalid UTF-8 in a text file is
// noted, never dropped.
func NewFile(p string, content []byte) *File {
	f := &File{Path: p, Size: int64(len(content))}
	if len(content) >= 2 && (content[0] == 0xff && content[1] == 0xfe || content[0] == 0xfe && content[1] == 0xff) {
		f.sum, f.hasSum = sha256.Sum256(content), true // of the bytes read, not the conversion
		content = decodeUTF16(content)
		f.Note = "UTF-16 text converted to UTF-8 for analysis"
	}
	f.Content = content
	f.Kind = Classify(p, content)
	if f.Kind.IsText() && f.Note == "" && !utf8.Valid(content) {
		f.Note = fmt.Sprintf("invalid UTF-8 at byte %d", firstInvalid(content))
	}
	return f
}

func decodeUTF16(b []byte) []byte {
	var order binary.ByteOrder = binary.LittleEndian
	if b[0] == 0xfe {
		order = binary.BigEndian
	}
	b = b[2:]
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = order.Uint16(b[2*i:])
	}
	return []byte(string(utf16.Decode(u)))
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

func (s *Skill) hash() string {
	h := sha256.New()
	var n [8]byte
	for _, f := range s.Files {
		io.WriteString(h, f.Path)
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.Content)))
		h.Write([]byte{0})
		h.Write(n[:])
		h.Write(f.Content)
	}
	for _, p := range s.Problems {
		fmt.Fprintf(h, "\x01%s\x00%s\x00%s", p.Path, p.Kind, p.Detail)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// New builds a skill from files already in memory (for the gate and tests).
func New(dir string, files map[string][]byte) *Skill {
	base := path.Base(strings.ReplaceAll(dir, "\\", "/"))
	s := &Skill{Dir: dir, DirName: base}
	for p, c := range files {
		f := NewFile(p, c)
		s.Files = append(s.Files, f)
	}
	s.complete(base, "the skill has no SKILL.md")
	return s
}

// ComputeHash returns the hash of s's current files and problems. It equals
// Hash for a skill built by Load or New; a skill rebuilt elsewhere (the
// isolated analysis worker) compares the two to prove it holds exactly the
// bytes that were hashed.
func (s *Skill) ComputeHash() string { return s.hash() }

// Identity returns a new skill holding only what names s in a report: its
// name, directories and hash. A batch scan keeps it in place of the loaded
// skill once the result is complete, so that what it retains per skill is
// the findings and capabilities, not the file list and frontmatter.
func (s *Skill) Identity() *Skill {
	if s == nil {
		return nil
	}
	return &Skill{Name: s.Name, Dir: s.Dir, DirName: s.DirName, Hash: s.Hash}
}

// Release drops the content of every file and the parsed frontmatter
// (name, description and hash stay). Use it only where nothing reads the
// skill's bytes afterwards: never in a gate that serves the scanned copy.
func (s *Skill) Release() {
	for _, f := range s.Files {
		f.Release()
	}
	if s.Manifest != nil {
		s.Manifest.Root, s.Manifest.Keys = nil, nil
	}
}
