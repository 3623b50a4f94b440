//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package analyzer

import "time"

// cpuTime is unknown here: the per-file bound is wall time.
func cpuTime() (time.Duration, bool) { return 0, false }
