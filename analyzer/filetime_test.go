package analyzer

import (
	"context"
	"testing"
	"time"
)

func TestStarved(t *testing.T) {
	for _, c := range []struct {
		cpu, wall time.Duration
		busy      int64
		want      bool
	}{
		{2 * time.Second, time.Second, 2, false},           // two workers, a core each
		{time.Second, time.Second, 1, false},               // one worker, one core
		{400 * time.Millisecond, time.Second, 1, true},     // a loaded machine
		{900 * time.Millisecond, time.Second, 2, true},     // two workers, under half a core each
		{100 * time.Millisecond, time.Second, 0, true},     // nobody counted as busy: one
		{600 * time.Millisecond, time.Second, 0, false},    // ... with more than half a core
		{30 * time.Second, 30 * time.Second, 1, false},     // a spinning rule
		{10 * time.Millisecond, 30 * time.Second, 1, true}, // a blocked one
	} {
		if got := starved(c.cpu, c.wall, c.busy); got != c.want {
			t.Errorf("starved(%v, %v, %d) = %v, want %v", c.cpu, c.wall, c.busy, got, c.want)
		}
	}
}

// fakeCPU replaces processCPU for a test: each call advances the clock by
// step (ok as given) and runs hook with the call's number.
func fakeCPU(t *testing.T, step time.Duration, ok bool, hook func(n int)) *int {
	t.Helper()
	calls := 0
	var now time.Duration
	saved := processCPU
	processCPU = func() (time.Duration, bool) {
		calls++
		now += step
		if hook != nil {
			hook(calls)
		}
		return now, ok
	}
	t.Cleanup(func() { processCPU = saved })
	return &calls
}

// TestFileDeadline: the bound is extended while the process gets little
// CPU, up to maxTimeoutWindows windows, and not when it spins or cannot tell.
func TestFileDeadline(t *testing.T) {
	const window = 5 * time.Millisecond
	never := make(chan fileResult)

	calls := fakeCPU(t, 0, true, nil) // starved throughout
	if _, _, ok := fileDeadline(context.Background(), never, window); ok {
		t.Fatal("starved: a result from nowhere")
	}
	if *calls != 1+maxTimeoutWindows {
		t.Errorf("starved: %d CPU readings, want one per window and one at the start (%d)", *calls, 1+maxTimeoutWindows)
	}

	calls = fakeCPU(t, time.Hour, true, nil) // the process spins
	if _, _, ok := fileDeadline(context.Background(), never, window); ok || *calls != 2 {
		t.Errorf("spinning: ok %v after %d readings, want a timeout after the first window (2)", ok, *calls)
	}

	calls = fakeCPU(t, 0, false, nil) // no CPU clock: wall time
	if _, _, ok := fileDeadline(context.Background(), never, window); ok || *calls != 2 {
		t.Errorf("no clock: ok %v after %d readings, want a timeout after the first window (2)", ok, *calls)
	}

	// a starved analysis that finishes in its third window is not lost
	done := make(chan fileResult, 1)
	fakeCPU(t, 0, true, func(n int) {
		if n == 3 {
			done <- fileResult{caps: []Cap{{}}}
		}
	})
	if o, _, ok := fileDeadline(context.Background(), done, window); !ok || len(o.caps) != 1 {
		t.Errorf("finished while extended: ok %v, result %+v", ok, o)
	}

	// the caller's context still ends the wait
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fakeCPU(t, 0, true, nil)
	if _, _, ok := fileDeadline(ctx, never, time.Hour); ok {
		t.Error("cancelled: a result from nowhere")
	}
}
