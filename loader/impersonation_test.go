package loader

import "testing"

func TestImpersonation(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"notion-sync", "notion-sync-x7k2", "pdf-tools", "pdf-tools-v2", "pdf-tools-pro", "github-helper", "g1thub-helper", "report-2024", "sim-run", "sim-run-e2e"} {
		simpleSkill(t, root, n, "body\n")
	}
	reg := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}}))
	want := map[string]Status{
		"notion-sync": StatusAdmitted, "notion-sync-x7k2": StatusRefused,
		"pdf-tools": StatusAdmitted, "pdf-tools-v2": StatusAdmitted, "pdf-tools-pro": StatusAdmitted,
		"github-helper": StatusAdmitted, "g1thub-helper": StatusRefused, "report-2024": StatusAdmitted,
		"sim-run": StatusAdmitted, "sim-run-e2e": StatusAdmitted, // e2e is a word of the trade, not a generated suffix
	}
	for n, s := range want {
		wantStatus(t, entriesNamed(reg, n)[0], s)
	}
	// A genuine fork can be admitted by its exact hash.
	h := entriesNamed(reg, "notion-sync-x7k2")[0].Hash
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Approvals: []Approval{{Hash: h, Reason: "our fork"}}})
	wantStatus(t, entriesNamed(mustLoad(t, l), "notion-sync-x7k2")[0], StatusAdmitted)
}
