package loader

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// pin is where a pinned name may come from: a source kind or a directory.
type pin struct {
	kind SourceKind
	dir  string // absolute and clean
}

func (p pin) String() string {
	if p.dir != "" {
		return p.dir
	}
	return "the " + string(p.kind) + " skills"
}

// holds reports whether e comes from the pinned source.
func (p pin) holds(e *Entry) bool {
	if p.dir == "" {
		return e.Source == p.kind
	}
	for _, d := range []string{e.Root, e.Dir, filepath.Dir(e.RealDir), e.RealDir} {
		if abs, err := filepath.Abs(d); err == nil && filepath.Clean(abs) == p.dir {
			return true
		}
	}
	return false
}

func parsePins(m map[string]string) (map[string]pin, error) {
	out := map[string]pin{}
	for name, v := range m {
		v = strings.TrimSpace(v)
		switch k := SourceKind(v); k {
		case SourceExtra, SourceBundled, SourceManaged, SourceUser, SourceWorkspace:
			out[name] = pin{kind: k}
		default:
			if !filepath.IsAbs(v) {
				return nil, fmt.Errorf("pin %s: %q is neither a source (user, managed, bundled, extra, workspace) nor an absolute directory", name, v)
			}
			out[name] = pin{dir: filepath.Clean(v)}
		}
	}
	return out, nil
}

// Shadowing is a name held by a skill of one source while a skill of
// another source has it too: the winner replaces the other wherever the
// name is used. Pinned-out entries are reported as well (Pinned).
type Shadowing struct {
	Name string `json:"name"`
	// Winner and Loser are the sources and directories.
	WinnerSource SourceKind `json:"winnerSource"`
	WinnerDir    string     `json:"winnerPath"`
	LoserSource  SourceKind `json:"loserSource"`
	LoserDir     string     `json:"loserPath"`
	// Pinned is set when the loser was kept out by a pin (so the winner
	// is the pinned source, or nobody holds the name).
	Pinned bool `json:"pinned,omitempty"`
}

// String says it for a person (paths included).
func (s Shadowing) String() string {
	if s.Pinned {
		if s.WinnerDir == "" {
			return fmt.Sprintf("skill %q from %s (%s) is kept out: the name is pinned to another source, which has no such skill",
				s.Name, s.LoserSource, s.LoserDir)
		}
		return fmt.Sprintf("skill %q from %s (%s) is kept out: the name is pinned to the %s skill (%s)",
			s.Name, s.LoserSource, s.LoserDir, s.WinnerSource, s.WinnerDir)
	}
	return fmt.Sprintf("skill %q from %s (%s) shadows the %s skill of the same name (%s)",
		s.Name, s.WinnerSource, s.WinnerDir, s.LoserSource, s.LoserDir)
}

// ModelText says it without paths or anything the skills chose beyond a
// spec-valid name ("" when the name is not one), for a model.
func (s Shadowing) ModelText() string {
	if !nameRx.MatchString(s.Name) || len(s.Name) > 64 {
		return ""
	}
	if s.Pinned {
		return fmt.Sprintf("the %s copy of skill %q is kept out: the operator pinned the name to another source", s.LoserSource, s.Name)
	}
	return fmt.Sprintf("skill %q from the %s source shadows the %s skill of the same name", s.Name, s.WinnerSource, s.LoserSource)
}

// Shadowings lists shadowing across sources (trust levels: a workspace
// skill replacing the user's own, a user skill replacing a bundled one)
// and pinned-out entries, sorted by name. Shadowing within one source
// (two workspace roots) is on the entries (Shadows, ShadowedBy) only.
func (r *Registry) Shadowings() []Shadowing {
	var out []Shadowing
	for _, e := range r.entries {
		for _, x := range e.shadowed {
			out = append(out, Shadowing{Name: e.Name, WinnerSource: e.Source, WinnerDir: e.Dir, LoserSource: x.Source, LoserDir: x.Dir})
		}
		if e.Status == StatusPinnedOut {
			s := Shadowing{Name: e.Name, LoserSource: e.Source, LoserDir: e.Dir, Pinned: true}
			if w := r.byName[e.Name]; w != nil {
				s.WinnerSource, s.WinnerDir = w.Source, w.Dir
			}
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
