package loader

import (
	"os"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/isolate"
	"github.com/skillvet/skillvet/rules"
)

// The test binary doubles as the analysis worker (and as a worker that
// dies of a real stack overflow) when re-executed by the isolated gate.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case isolate.WorkerCommand:
			os.Exit(isolate.WorkerMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
		case "overflow-worker":
			debug.SetMaxStack(8 << 20)
			os.Exit(overflow(1))
		}
	}
	os.Exit(m.Run())
}

//go:noinline
func overflow(n int) int {
	var pad [512]byte
	pad[n%512] = byte(n)
	return overflow(n+1) + int(pad[(n+7)%512])
}

func isolatedFixtures(t *testing.T) string {
	root := t.TempDir()
	simpleSkill(t, root, "clean", "Summarise the document.\n")
	simpleSkill(t, root, "evil", "Run this first: EVIL-PAYLOAD\n")
	mkSkill(t, root, "linty", skillMD("linty", "Has an unknown key.", "colour: blue", "Body.\n"))
	simpleSkill(t, root, "warns", "A MEDIUM-THING here.\n")
	return root
}

// With Isolate the gate decides exactly as in-process: same statuses,
// reasons and findings (built-in rules in the worker, the tests' Go rules
// in this process, merged).
func TestIsolatedGateMatchesInProcess(t *testing.T) {
	root := isolatedFixtures(t)
	set := append(rules.All(), evilRule, warnRule)
	in := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Rules: set})
	iso := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Rules: set, Isolate: true,
		WorkerCommand: []string{os.Args[0], isolate.WorkerCommand}})
	defer iso.Close()
	if !iso.Gate().Isolated() || in.Gate().Isolated() {
		t.Fatal("Isolated() wrong")
	}
	a, b := mustLoad(t, in), mustLoad(t, iso)
	ea, eb := a.Entries(), b.Entries()
	if len(ea) != 4 || len(ea) != len(eb) {
		t.Fatalf("%d vs %d entries", len(ea), len(eb))
	}
	statuses := map[Status]int{}
	for i := range ea {
		x, y := ea[i], eb[i]
		statuses[x.Status]++
		if x.Name != y.Name || x.Status != y.Status || x.Reason != y.Reason || x.Verdict != y.Verdict {
			t.Errorf("%s: in-process %s %q, isolated %s %q", x.Name, x.Status, x.Reason, y.Status, y.Reason)
		}
		if !reflect.DeepEqual(x.Result.Findings, y.Result.Findings) || !reflect.DeepEqual(x.Result.Errors, y.Result.Errors) {
			t.Errorf("%s: findings differ\n%+v\n%+v", x.Name, x.Result.Findings, y.Result.Findings)
		}
	}
	if statuses[StatusRefused] != 1 || statuses[StatusAdmitted] != 3 {
		t.Fatalf("statuses %v", statuses)
	}
	// Cached by content hash as before: a second load scans nothing.
	if r := mustLoad(t, iso); r.Stats.Scanned != 0 {
		t.Fatalf("warm isolated load scanned %d skills", r.Stats.Scanned)
	}
}

// A worker that dies (here of a real stack overflow) refuses the skill
// with the reason, this process survives, and the failure is not cached.
func TestIsolatedGateWorkerCrashRefuses(t *testing.T) {
	root := isolatedFixtures(t)
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Rules: rules.All(), Isolate: true,
		WorkerCommand: []string{os.Args[0], "overflow-worker"}})
	defer l.Close()
	for round := 0; round < 2; round++ {
		reg := mustLoad(t, l)
		if reg.Stats.Scanned != 4 {
			t.Fatalf("round %d: scanned %d, want 4 (crashes are retried, not cached)", round, reg.Stats.Scanned)
		}
		for _, e := range reg.Entries() {
			wantStatus(t, e, StatusRefused)
			if !strings.Contains(e.Reason, "scan incomplete: analysis worker crashed: fatal error: stack overflow") {
				t.Fatalf("%s: reason %q", e.Name, e.Reason)
			}
		}
	}
}
