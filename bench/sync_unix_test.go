//go:build unix

package bench

import "syscall"

// flush writes the freshly generated corpus back to disk before any
// benchmark runs, so that writeback does not compete with the first one.
func flush() { syscall.Sync() }
