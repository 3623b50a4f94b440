package provenance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

// LockFileName is the lock file's conventional name.
const LockFileName = "skills.lock"

// lockHeader is the format line; a file of another version is refused.
const lockHeader = "skillvet-lock 1"

// Cap is a capability as the lock records it: what, not where (the same
// capability seen at another line is the same capability).
type Cap struct {
	Kind   analyzer.CapKind `json:"kind"`
	Target string           `json:"target,omitempty"`
}

func (c Cap) String() string { return analyzer.Cap{Kind: c.Kind, Target: c.Target}.String() }

// CapsOf reduces a scan's capabilities to the lock's set: kind and target,
// deduplicated and sorted.
func CapsOf(cs []analyzer.Cap) []Cap {
	seen := map[Cap]bool{}
	var out []Cap
	for _, c := range cs {
		k := Cap{Kind: c.Kind, Target: c.Target}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sortCaps(out)
	return out
}

func sortCaps(cs []Cap) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Kind != cs[j].Kind {
			return cs[i].Kind < cs[j].Kind
		}
		return cs[i].Target < cs[j].Target
	})
}

// LockEntry is one locked skill version.
type LockEntry struct {
	Name string `json:"name"`
	// Hash is the content hash (Tree.ContentHash).
	Hash string `json:"hash"`
	// Source is where the skill was locked from (a path relative to the
	// lock file's directory, slash separated). Informative only.
	Source string `json:"source,omitempty"`
	// Signer is who signed the locked version and verified it
	// (Result.SignedBy), "" when it was not verified.
	Signer string `json:"signer,omitempty"`
	// Caps are the capabilities the scan saw in the locked version.
	Caps []Cap `json:"capabilities"`
}

// Lock is a skills.lock file: one version per skill name.
type Lock struct {
	entries map[string]*LockEntry
}

// NewLock returns an empty lock.
func NewLock() *Lock { return &Lock{entries: map[string]*LockEntry{}} }

// Get returns the entry for name, or nil.
func (l *Lock) Get(name string) *LockEntry {
	if l == nil {
		return nil
	}
	return l.entries[name]
}

// Put records e, replacing any entry of the same name.
func (l *Lock) Put(e *LockEntry) {
	c := *e
	c.Caps = append([]Cap(nil), e.Caps...)
	sortCaps(c.Caps)
	l.entries[e.Name] = &c
}

// Entries lists the entries sorted by name.
func (l *Lock) Entries() []*LockEntry {
	var out []*LockEntry
	if l == nil {
		return out
	}
	for _, e := range l.entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Admits reports whether the lock holds exactly this version of the
// skill name.
func (l *Lock) Admits(name, hash string) bool {
	e := l.Get(name)
	return e != nil && hash != "" && e.Hash == hash
}

var (
	lockNameRx = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	lockHashRx = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
)

// Bytes is the file's content: a comment, the format line, then every
// entry's lines, entries sorted by name; within an entry hash, source,
// signer, then capabilities sorted by kind and target. The same lock
// always gives the same bytes.
func (l *Lock) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString("# skills.lock: skill versions admitted by `skillvet lock`; `skillvet lock --check` compares.\n")
	b.WriteString("# Generated: do not edit. Format: docs/provenance.md#skillslock\n")
	b.WriteString(lockHeader + "\n")
	for _, e := range l.Entries() {
		fmt.Fprintf(&b, "%s hash %s\n", e.Name, e.Hash)
		if e.Source != "" {
			fmt.Fprintf(&b, "%s source %s\n", e.Name, strconv.Quote(e.Source))
		}
		if e.Signer != "" {
			fmt.Fprintf(&b, "%s signer %s\n", e.Name, strconv.Quote(e.Signer))
		}
		for _, c := range e.Caps {
			fmt.Fprintf(&b, "%s cap %s %s\n", e.Name, c.Kind, strconv.Quote(c.Target))
		}
	}
	return b.Bytes()
}

// LockError is a problem at a line of a lock file.
type LockError struct {
	Path string
	Line int
	Msg  string
}

func (e *LockError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg) }

// ReadLock reads a lock file.
func ReadLock(path string) (*Lock, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseLock(path, b)
}

// ParseLock parses a lock file's content; path names it in errors.
// Anything it does not understand is an error: a lock that cannot be read
// must not admit anything.
func ParseLock(path string, b []byte) (*Lock, error) {
	l := NewLock()
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n, header := 0, false
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(format string, args ...any) error {
			return &LockError{Path: path, Line: n, Msg: fmt.Sprintf(format, args...)}
		}
		if !header {
			if line != lockHeader {
				return nil, bad("not a skills.lock of a version this skillvet reads (want %q first)", lockHeader)
			}
			header = true
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		key, val, _ := strings.Cut(rest, " ")
		if !lockNameRx.MatchString(name) {
			return nil, bad("%q is not a skill name", name)
		}
		e := l.entries[name]
		if e == nil {
			if key != "hash" {
				return nil, bad("%s: the first line of a skill must be its hash", name)
			}
			e = &LockEntry{Name: name}
			l.entries[name] = e
		}
		quoted := func() (string, error) {
			s, err := strconv.Unquote(val)
			if err != nil || !strings.HasPrefix(val, `"`) {
				return "", bad("%s %s: want a quoted string, got %s", name, key, val)
			}
			return s, nil
		}
		var err error
		switch key {
		case "hash":
			if e.Hash != "" {
				return nil, bad("%s: hash given twice (one version per name)", name)
			}
			if !lockHashRx.MatchString(val) {
				return nil, bad("%s: %q is not a content hash (sha256:<64 hex digits>)", name, val)
			}
			e.Hash = val
		case "source":
			e.Source, err = quoted()
		case "signer":
			e.Signer, err = quoted()
		case "cap":
			kind, target, _ := strings.Cut(val, " ")
			if !knownCap(analyzer.CapKind(kind)) {
				return nil, bad("%s: unknown capability kind %q", name, kind)
			}
			val = target
			var t string
			if t, err = quoted(); err == nil {
				e.Caps = append(e.Caps, Cap{Kind: analyzer.CapKind(kind), Target: t})
			}
		default:
			return nil, bad("%s: unknown key %q (want hash, source, signer or cap)", name, key)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !header {
		return nil, &LockError{Path: path, Line: n, Msg: fmt.Sprintf("empty: no %q line", lockHeader)}
	}
	for _, e := range l.entries {
		sortCaps(e.Caps)
	}
	return l, nil
}

func knownCap(k analyzer.CapKind) bool {
	for _, c := range analyzer.CapKinds() {
		if c == k {
			return true
		}
	}
	return false
}

// WriteLock writes l to path (through a temporary file in the same
// directory, renamed into place).
func WriteLock(path string, l *Lock) error {
	tmp, err := os.CreateTemp(dirOf(path), ".skills.lock.*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(l.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func dirOf(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[:i+1]
	}
	return "."
}

// Update is what changed in a skill's capabilities between the locked
// version and the current one.
type Update struct {
	// Added are capabilities of the current version the locked one did
	// not have, where the scan saw them; Removed are the locked ones the
	// current version no longer has.
	Added   []analyzer.Cap `json:"added"`
	Removed []Cap          `json:"removed"`
}

// CapUpdate compares the locked capabilities with the current scan's.
func CapUpdate(locked []Cap, current []analyzer.Cap) Update {
	before := make([]analyzer.Cap, len(locked))
	for i, c := range locked {
		before[i] = analyzer.Cap{Kind: c.Kind, Target: c.Target}
	}
	d := analyzer.DiffCaps(before, current)
	u := Update{Added: d.Added, Removed: CapsOf(d.Removed)}
	if u.Added == nil {
		u.Added = []analyzer.Cap{}
	}
	if u.Removed == nil {
		u.Removed = []Cap{}
	}
	return u
}

// Empty reports whether the capabilities did not change.
func (u Update) Empty() bool { return len(u.Added) == 0 && len(u.Removed) == 0 }

// String says what the update does in one line: "this update adds: sends
// data to api.x.io (scripts/up.py:12), reads ~/.aws/credentials
// (scripts/up.py:3); removes: runs git".
func (u Update) String() string {
	if u.Empty() {
		return "no capability changes"
	}
	var parts []string
	if len(u.Added) > 0 {
		var xs []string
		for _, c := range u.Added {
			x := c.String()
			if c.Path != "" {
				x += fmt.Sprintf(" (%s:%d)", c.Path, c.Line)
			}
			xs = append(xs, x)
		}
		parts = append(parts, "adds: "+strings.Join(xs, ", "))
	}
	if len(u.Removed) > 0 {
		var xs []string
		for _, c := range u.Removed {
			xs = append(xs, c.String())
		}
		parts = append(parts, "removes: "+strings.Join(xs, ", "))
	}
	return "this update " + strings.Join(parts, "; ")
}

// ErrNotLocked is the reason a locked gate gives for a version it does
// not hold.
var ErrNotLocked = errors.New("not in skills.lock")

// Refusal says why the lock does not admit the skill name with content
// hash ("" when it does): no version of it is locked, or another one is,
// and then what this version changes in capabilities (caps are the
// current scan's; nil when there was no scan). An empty hash (content
// that could not be hashed) is never admitted.
func (l *Lock) Refusal(name, hash string, caps []analyzer.Cap, scanned bool) string {
	e := l.Get(name)
	switch {
	case hash == "":
		return ErrNotLocked.Error() + ": its content could not be hashed (content not read)"
	case e == nil:
		return fmt.Sprintf("%s: no version of %s is locked", ErrNotLocked, name)
	case e.Hash != hash:
		why := fmt.Sprintf("%s: the content differs from the locked version (locked %s, here %s)",
			ErrNotLocked, shortHash(e.Hash), shortHash(hash))
		if scanned {
			why += "; " + CapUpdate(e.Caps, caps).String()
		}
		return why
	}
	return ""
}

func shortHash(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}
