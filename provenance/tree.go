package provenance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// EntryKind says what a tree entry is.
type EntryKind uint8

const (
	KindFile EntryKind = iota + 1 // a regular file
	KindLink                      // a symbolic link that stays inside the skill
)

func (k EntryKind) String() string {
	if k == KindLink {
		return "symlink"
	}
	return "file"
}

// Entry is one file or symbolic link of a skill.
type Entry struct {
	Path   string    // slash path relative to the skill directory
	Kind   EntryKind // a file or a link
	Digest [32]byte  // SHA-256 of a file's bytes as read
	Target string    // a link's target, as stored
}

// Tree is what the provenance checks read of a skill: every regular file
// with the SHA-256 of its bytes, every symbolic link with its target, and
// the content that could not be read (over a limit, a special file, a link
// leaving the skill). It is built from a skill loaded in memory (TreeOf), so
// that a gate verifies exactly the bytes it serves.
type Tree struct {
	Entries []Entry // sorted by Path
	// Problems are content not read: nothing can be vouched for there.
	Problems []skill.Problem
	// Signature is the content of the signature file (SignatureFile) when
	// the skill has one as a regular file.
	Signature []byte

	byPath map[string]int
}

// ErrReleased is returned by TreeOf for a skill whose file content was
// released before its digests were taken.
var ErrReleased = errors.New("the skill's content was released before it could be hashed")

// TreeOf builds the tree of a skill loaded by skill.LoadTree (every file
// under the directory; skill.Load leaves out nested skills and .git, which a
// signature may cover). A missing SKILL.md is not a problem of the tree: the
// signature says whether it should be there.
func TreeOf(s *skill.Skill) (*Tree, error) {
	t := &Tree{byPath: map[string]int{}}
	for _, f := range s.Files {
		sum, ok := f.SHA256()
		if !ok {
			return nil, fmt.Errorf("%s: %w", f.Path, ErrReleased)
		}
		t.Entries = append(t.Entries, Entry{Path: f.Path, Kind: KindFile, Digest: sum})
		if f.Path == SignatureFile {
			t.Signature = f.Content
		}
	}
	for _, l := range s.Links {
		t.Entries = append(t.Entries, Entry{Path: l.Path, Kind: KindLink, Target: l.Target})
	}
	for _, p := range s.Problems {
		if p.Kind != skill.ProblemNoManifest {
			t.Problems = append(t.Problems, p)
		}
	}
	sort.Slice(t.Entries, func(i, j int) bool { return t.Entries[i].Path < t.Entries[j].Path })
	for i, e := range t.Entries {
		t.byPath[e.Path] = i
	}
	return t, nil
}

// Load reads the skill at dir the way the gate does (skill.LoadTree through
// an os.Root, with limits) and builds its tree. The skill is returned too:
// callers that scan it need not read it twice.
func Load(ctx context.Context, dir string, lim skill.Limits) (*skill.Skill, *Tree, error) {
	rfs, err := skill.OpenDir(dir)
	if err != nil {
		return nil, nil, err
	}
	s, err := skill.LoadTree(ctx, rfs, dir, lim)
	rfs.Close()
	if err != nil {
		return nil, nil, err
	}
	t, err := TreeOf(s)
	return s, t, err
}

// Get returns the entry at slash path p.
func (t *Tree) Get(p string) (Entry, bool) {
	i, ok := t.byPath[p]
	if !ok {
		return Entry{}, false
	}
	return t.Entries[i], true
}

// Signed reports whether the skill has a signature file (whether or not
// it could be read).
func (t *Tree) Signed() bool {
	if _, ok := t.Get(SignatureFile); ok {
		return true
	}
	for _, p := range t.Problems {
		if p.Path == SignatureFile {
			return true
		}
	}
	return false
}

// HasSignature reports whether a loaded skill carries a signature file
// (read or not, possibly a link). It needs only the skill's file list, so
// it works on a released skill too.
func HasSignature(s *skill.Skill) bool {
	if s.File(SignatureFile) != nil {
		return true
	}
	for _, l := range s.Links {
		if l.Path == SignatureFile {
			return true
		}
	}
	for _, p := range s.Problems {
		if p.Path == SignatureFile {
			return true
		}
	}
	return false
}

// Listing is the text ContentHash hashes: one line per entry, in byte
// order of the path,
//
//	<sha256 of the file, hex>  <path>\n          a regular file (sha256sum's format)
//	symlink <sha256 of the target, hex>  <path>\n  a symbolic link
//
// It fails when the tree has problems (content not read cannot be locked)
// or a path or link target holds a newline (the listing would be
// ambiguous).
func (t *Tree) Listing() (string, error) {
	if len(t.Problems) > 0 {
		p := t.Problems[0]
		return "", fmt.Errorf("content not read: %s: %s (%s)", p.Path, p.Detail, p.Kind)
	}
	var b strings.Builder
	for _, e := range t.Entries {
		if strings.ContainsAny(e.Path, "\n\r") || strings.ContainsAny(e.Target, "\n\r") {
			return "", fmt.Errorf("%q: a path or link target with a line break cannot be listed", e.Path)
		}
		switch e.Kind {
		case KindLink:
			sum := sha256.Sum256([]byte(e.Target))
			b.WriteString("symlink " + hex.EncodeToString(sum[:]) + "  " + e.Path + "\n")
		default:
			b.WriteString(hex.EncodeToString(e.Digest[:]) + "  " + e.Path + "\n")
		}
	}
	return b.String(), nil
}

// ContentHash is "sha256:" and the hex SHA-256 of Listing: it covers every
// file's path and bytes and every link's path and target, and nothing else
// (not modes or times). It is what skills.lock records.
func (t *Tree) ContentHash() (string, error) {
	l, err := t.Listing()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(l))
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}
