package loader

import (
	"fmt"
	"sort"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/skill"
)

// Status is an entry's outcome.
type Status string

const (
	StatusAdmitted   Status = "admitted"   // served
	StatusRefused    Status = "refused"    // the gate kept it out
	StatusIneligible Status = "ineligible" // clean, but its requirements are not met here
	StatusShadowed   Status = "shadowed"   // a higher source has a skill of the same name
	StatusDisabled   Status = "disabled"   // enabled: false in the skill configuration
	StatusFiltered   Status = "filtered"   // include/ignore globs or the bundled allowlist
	StatusDuplicate  Status = "duplicate"  // the same directory reached twice (symlinks)
	StatusPinnedOut  Status = "pinned-out" // the name is pinned to another source (Options.Pins)
)

// Entry is one discovered skill directory and what became of it.
type Entry struct {
	Name     string     `json:"name"`
	Source   SourceKind `json:"source"`
	Root     string     `json:"root"`
	Priority int        `json:"priority"`
	Dir      string     `json:"path"`     // absolute skill directory as discovered
	RealDir  string     `json:"realPath"` // with symlinks resolved
	Hash     string     `json:"hash,omitempty"`
	Status   Status     `json:"status"`
	// Reason says why the skill is not served (or, when admitted, that it
	// was admitted by approval).
	Reason string `json:"reason,omitempty"`
	// Code is why the entry is not served, in a word with a fixed message
	// (Code.Message): what a model may be told.
	Code       Code   `json:"code,omitempty"`
	ShadowedBy string `json:"shadowedBy,omitempty"` // "<source> <dir>" of the winner
	// Shadows lists "<source> <dir>" of the entries this one shadows.
	Shadows     []string `json:"shadows,omitempty"`
	Description string   `json:"description,omitempty"`
	// Eligibility is nil for entries that were not gated (shadowed,
	// disabled, filtered, duplicate, unreadable).
	Eligibility *Eligibility     `json:"eligibility,omitempty"`
	Verdict     analyzer.Verdict `json:"verdict,omitempty"`
	// Findings are the ones that kept the skill out.
	Findings []analyzer.Finding `json:"-"`
	Approved *Approval          `json:"approved,omitempty"`
	// Provenance is the signature check (nil when nothing was checked:
	// policy off and no signature file, no lock).
	Provenance *provenance.Check `json:"provenance,omitempty"`
	// Warnings do not keep the skill out (a signature the policy prefers).
	Warnings []string `json:"warnings,omitempty"`
	// ModelInvocable is false for disable-model-invocation: true;
	// UserInvocable is false for user-invocable: false.
	ModelInvocable bool `json:"modelInvocable"`
	UserInvocable  bool `json:"userInvocable"`

	// Skill holds the exact bytes that were scanned; everything served
	// comes from it. Result is the full scan (nil when not scanned).
	Skill  *skill.Skill     `json:"-"`
	Result *analyzer.Result `json:"-"`

	snap     *treeSnap // the tree as stat'ed before Skill was read (nil: not recorded)
	shadowed []*Entry  // entries of other sources this one shadows
}

// Admitted reports whether the entry is served.
func (e *Entry) Admitted() bool { return e.Status == StatusAdmitted }

// LoadStats describe one Load.
type LoadStats struct {
	Candidates int           // skill directories found
	Read       int           // skills read from disk (the rest were unchanged since the last load)
	Scanned    int           // scans run (the rest came from the cache)
	Duration   time.Duration // wall time of the load
}

// Registry is an immutable snapshot of a load. It is safe for concurrent
// use.
type Registry struct {
	entries []*Entry
	byName  map[string]*Entry // the entry holding each name (not shadowed, filtered or duplicate)
	limits  skill.Limits      // what the gate reads of a skill (OnDisk re-reads with them)
	Stats   LoadStats
}

func emptyRegistry() *Registry { return &Registry{byName: map[string]*Entry{}} }

func newRegistry(entries []*Entry, limits skill.Limits) *Registry {
	r := &Registry{byName: map[string]*Entry{}, limits: limits}
	for _, e := range entries {
		if e == nil {
			continue
		}
		r.entries = append(r.entries, e)
		switch e.Status {
		case StatusShadowed, StatusFiltered, StatusDuplicate, StatusPinnedOut:
		default:
			if r.byName[e.Name] == nil {
				r.byName[e.Name] = e
			}
		}
	}
	// Sorted by name; within a name the winner first, then by precedence.
	rank := func(e *Entry) int {
		if r.byName[e.Name] == e {
			return 0
		}
		return 1
	}
	sort.SliceStable(r.entries, func(i, j int) bool {
		a, b := r.entries[i], r.entries[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return rank(a) < rank(b)
	})
	return r
}

// Entries lists every discovered skill directory, served or not, sorted by
// name (the entry that holds a name before the ones it shadows).
func (r *Registry) Entries() []*Entry { return append([]*Entry(nil), r.entries...) }

// Lookup returns the entry that holds name, whatever its status
// (admitted, refused, ineligible or disabled), or nil.
func (r *Registry) Lookup(name string) *Entry { return r.byName[name] }

// Get returns the admitted skill named name, or an error saying why it is
// not served.
func (r *Registry) Get(name string) (*Entry, error) {
	e := r.byName[name]
	if e == nil {
		for _, x := range r.entries {
			if x.Name == name {
				return nil, &RefusedError{Name: name, Status: x.Status, Reason: x.Reason, Code: x.Code}
			}
		}
		return nil, fmt.Errorf("skill %q not found: %w", name, ErrNotFound)
	}
	if !e.Admitted() {
		return nil, &RefusedError{Name: name, Status: e.Status, Reason: e.Reason, Code: e.Code}
	}
	return e, nil
}

// Admitted lists the served skills, sorted by name.
func (r *Registry) Admitted() []*Entry {
	var out []*Entry
	for _, e := range r.entries {
		if e.Admitted() && r.byName[e.Name] == e {
			out = append(out, e)
		}
	}
	return out
}

// ModelSkills lists the served skills the model may invoke on its own
// (not disable-model-invocation: true).
func (r *Registry) ModelSkills() []*Entry {
	var out []*Entry
	for _, e := range r.Admitted() {
		if e.ModelInvocable {
			out = append(out, e)
		}
	}
	return out
}

// UserSkills lists the served skills a user may invoke (user-invocable
// is not false).
func (r *Registry) UserSkills() []*Entry {
	var out []*Entry
	for _, e := range r.Admitted() {
		if e.UserInvocable {
			out = append(out, e)
		}
	}
	return out
}

// Change is what a reload changed, sent to subscribers.
type Change struct {
	Registry *Registry // the registry now in force
	Admitted []string  // names newly served, or served with new content
	Dropped  []string  // names no longer served
	// Err is set when a reload failed; Registry is then the last good one.
	Err error
}

// Empty reports whether nothing changed and nothing failed.
func (c Change) Empty() bool { return len(c.Admitted) == 0 && len(c.Dropped) == 0 && c.Err == nil }

func diff(old, cur *Registry, err error) Change {
	c := Change{Registry: cur, Err: err}
	if err != nil {
		return c
	}
	was := map[string]string{}
	for _, e := range old.Admitted() {
		was[e.Name] = e.Hash
	}
	for _, e := range cur.Admitted() {
		if h, ok := was[e.Name]; !ok || h != e.Hash {
			c.Admitted = append(c.Admitted, e.Name)
		}
		delete(was, e.Name)
	}
	for n := range was {
		c.Dropped = append(c.Dropped, n)
	}
	sort.Strings(c.Dropped)
	return c
}

// Subscribe calls fn after every load that changes the served set, and
// after every failed reload in Watch. fn runs on the loading goroutine,
// after the new registry is in place; a slow fn delays the next reload.
// The returned function unsubscribes.
func (l *Loader) Subscribe(fn func(Change)) (cancel func()) {
	l.subMu.Lock()
	id := l.nextSub
	l.nextSub++
	l.subs[id] = fn
	l.subMu.Unlock()
	return func() {
		l.subMu.Lock()
		delete(l.subs, id)
		l.subMu.Unlock()
	}
}

func (l *Loader) notify(c Change) {
	if c.Empty() {
		return
	}
	l.subMu.Lock()
	fns := make([]func(Change), 0, len(l.subs))
	ids := make([]int, 0, len(l.subs))
	for id := range l.subs {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		fns = append(fns, l.subs[id])
	}
	l.subMu.Unlock()
	for _, fn := range fns {
		fn(c)
	}
}
