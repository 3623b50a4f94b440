//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package isolate

import (
	"runtime"
	"syscall"
)

// setMemoryRlimit caps the worker's data segment and private writable
// mappings (RLIMIT_DATA; on Linux ≥ 4.7 this covers the Go heap and
// goroutine stacks, which are anonymous mappings, but not the address space
// the runtime merely reserves). An allocation beyond it fails, and the Go
// runtime dies with "fatal error: out of memory".
func setMemoryRlimit(n uint64) error {
	lim := &syscall.Rlimit{Cur: n, Max: n}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &old); err == nil && old.Max < n {
		lim.Cur, lim.Max = old.Max, old.Max // already stricter: keep it
	}
	return syscall.Setrlimit(syscall.RLIMIT_DATA, lim)
}

// memoryRlimitEnforced reports whether setMemoryRlimit bounds the Go heap
// (Linux counts anonymous mappings in RLIMIT_DATA; macOS and the BSDs do
// not enforce it for mmap).
const memoryRlimitEnforced = runtime.GOOS == "linux"
