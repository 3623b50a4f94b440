package analyzer

import (
	"context"
	"sync/atomic"
	"time"
)

// A file's analysis is bounded by Options.FileTimeout, counted while the
// process has the processor to run it. The bound is there to stop input that
// makes a parser or a rule run away; a wall-clock deadline also fired when the
// machine was busy with other work and the analysis simply waited for a
// core, so a loaded CI runner or a gate beside a build blocked ordinary
// skills as "timed out". At each expiry the engine compares the CPU time the
// process used in that window with what its busy file workers could have
// used: a worker that had less than half a core on average was starved, not
// stuck, and gets another window, at most maxTimeoutWindows in all. A rule
// that spins keeps the process busy and is stopped after the first window;
// one that blocks without using the processor is stopped after the last.
const maxTimeoutWindows = 4

// busyFiles counts the file analyses running in this process, across
// engines (they share the processor).
var busyFiles atomic.Int64

// processCPU is the CPU time (user and system) the process has used; ok is
// false where the platform does not say.
var processCPU = cpuTime

// starved reports whether busy workers sharing cpu of the process's CPU time
// over wall time had, each, less than half a core on average.
func starved(cpu, wall time.Duration, busy int64) bool {
	if busy < 1 {
		busy = 1
	}
	return cpu/time.Duration(busy) < wall/2
}

// fileDeadline waits for done under the per-file bound, extending it while
// the process is starved of CPU. It returns the result, or ok false and the
// wall time waited once the bound is spent or ctx ends.
func fileDeadline(ctx context.Context, done <-chan fileResult, timeout time.Duration) (o fileResult, waited time.Duration, ok bool) {
	start := time.Now()
	t := time.NewTimer(timeout)
	defer t.Stop()
	windowStart := start
	cpu0, cpuOK := processCPU()
	for window := 1; ; window++ {
		select {
		case o := <-done:
			return o, time.Since(start), true
		case <-ctx.Done():
			return fileResult{}, time.Since(start), false
		case now := <-t.C:
			cpu1, ok1 := processCPU()
			if !cpuOK || !ok1 || window >= maxTimeoutWindows || !starved(cpu1-cpu0, now.Sub(windowStart), busyFiles.Load()) {
				// one last look: the result may have arrived with the timer
				select {
				case o := <-done:
					return o, time.Since(start), true
				default:
				}
				return fileResult{}, time.Since(start), false
			}
			windowStart, cpu0 = now, cpu1
			t.Reset(timeout)
		}
	}
}
