//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package isolate

// setMemoryRlimit has no portable equivalent here: only the soft GC limit
// (debug.SetMemoryLimit) and the stack limit apply.
func setMemoryRlimit(uint64) error { return nil }

// memoryRlimitEnforced reports whether setMemoryRlimit has an effect.
const memoryRlimitEnforced = false
