//go:build race

package isolate

// The race detector's allocator runs out under the worker's RLIMIT_DATA
// before Go's heap does, so the memory-limit case is checked without -race.
const raceEnabled = true
