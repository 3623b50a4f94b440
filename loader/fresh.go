package loader

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"

	"github.com/skillvet/skillvet/skill"
)

// OnDisk checks that e's directory on disk still holds exactly the bytes
// that were scanned, before its path is handed to an agent (which then
// reads and runs the files there, not the snapshot). A changed skill gets
// a *RefusedError with CodeChanged: it is refused until a load scans it
// again (Watch does so on its own).
//
// The check lstat's the tree recorded before the scan (see statCache);
// when that record cannot be trusted (entries changed within the last two
// seconds, or none could be made) it reads the tree again and compares
// the content hash. A symlinked skill directory must still point where it
// pointed.
func (r *Registry) OnDisk(e *Entry) error {
	if e == nil || e.Skill == nil {
		return fmt.Errorf("no skill: %w", ErrNotFound)
	}
	if r.changed(e) {
		return &RefusedError{Name: e.Name, Status: StatusRefused, Code: CodeChanged,
			Reason: "changed on disk since it was scanned (" + e.Dir + "); refused until it is scanned again"}
	}
	return nil
}

func (r *Registry) changed(e *Entry) bool {
	if e.Dir != e.RealDir {
		if real, err := filepath.EvalSymlinks(e.Dir); err != nil || real != e.RealDir {
			return true
		}
	}
	if e.snap != nil && !e.snap.racy {
		return !e.snap.unchanged()
	}
	rfs, err := skill.OpenDir(e.RealDir)
	if err != nil {
		return true
	}
	defer rfs.Close()
	s, err := skill.LoadTree(context.Background(), rfs, e.Dir, r.limits)
	return err != nil || s.Hash != e.Hash
}

// handsOutPaths reports whether a prompt location function gives disk
// paths: anything but URILocation is assumed to.
func handsOutPaths(loc func(*Entry) string) bool {
	return reflect.ValueOf(loc).Pointer() != reflect.ValueOf(URILocation).Pointer()
}
