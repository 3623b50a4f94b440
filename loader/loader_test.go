package loader

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/rules"
)

func TestPrecedenceAndShadowing(t *testing.T) {
	tmp := t.TempDir()
	home, ws := filepath.Join(tmp, "home"), filepath.Join(tmp, "ws")
	extra, bundled := filepath.Join(tmp, "extra"), filepath.Join(tmp, "bundled")
	roots := DefaultRoots(Defaults{App: "agent", Home: home, Workspace: ws, Bundled: []string{bundled}, Extra: []string{extra}})
	dirs := []string{extra, bundled, filepath.Join(home, ".config/agent/skills"), filepath.Join(home, ".claude/skills"),
		filepath.Join(home, ".agents/skills"), filepath.Join(ws, "skills"), filepath.Join(ws, ".claude/skills"), filepath.Join(ws, ".agents/skills")}
	if len(roots) != len(dirs) {
		t.Fatalf("DefaultRoots: %d roots, want %d", len(roots), len(dirs))
	}
	for i, r := range roots {
		if r.Dir != dirs[i] {
			t.Fatalf("root %d = %s, want %s", i, r.Dir, dirs[i])
		}
		if i > 0 && r.Priority <= roots[i-1].Priority {
			t.Fatalf("root %d priority %d not above %d", i, r.Priority, roots[i-1].Priority)
		}
	}
	// "shared" exists in every root; "onlyextra" only in extra; "userwins"
	// in bundled and user.
	for _, d := range dirs {
		simpleSkill(t, d, "shared", "from "+d+"\n")
	}
	simpleSkill(t, extra, "onlyextra", "x\n")
	simpleSkill(t, bundled, "userwins", "bundled\n")
	simpleSkill(t, filepath.Join(home, ".claude/skills"), "userwins", "user\n")

	l := newTestLoader(t, Options{Roots: roots})
	r := mustLoad(t, l)

	shared := entriesNamed(r, "shared")
	if len(shared) != len(dirs) {
		t.Fatalf("%d shared entries, want %d", len(shared), len(dirs))
	}
	win := r.Lookup("shared")
	wantStatus(t, win, StatusAdmitted)
	if win.Source != SourceWorkspace || win.Dir != filepath.Join(ws, ".agents/skills/shared") {
		t.Fatalf("winner %s %s", win.Source, win.Dir)
	}
	for _, e := range shared[1:] {
		wantStatus(t, e, StatusShadowed)
		if e.ShadowedBy != "workspace "+win.Dir {
			t.Fatalf("shadowed by %q", e.ShadowedBy)
		}
		if e.Result != nil {
			t.Fatalf("shadowed skill %s was scanned", e.Dir)
		}
	}
	if e := r.Lookup("userwins"); e.Source != SourceUser {
		t.Fatalf("userwins from %s", e.Source)
	}
	wantStatus(t, r.Lookup("onlyextra"), StatusAdmitted)
	body, err := r.Render(context.Background(), "shared", RenderOptions{})
	if err != nil || !strings.Contains(body.Body, filepath.Join(ws, ".agents/skills")) {
		t.Fatalf("render served the wrong skill: %v %+v", err, body)
	}
}

func TestEqualPriorityLaterRootWins(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	simpleSkill(t, a, "same", "a\n")
	simpleSkill(t, b, "same", "b\n")
	r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: a, Kind: SourceExtra}, {Dir: b, Kind: SourceExtra}}}))
	if w := r.Lookup("same"); w.Root != b {
		t.Fatalf("winner from %s, want %s", w.Root, b)
	}
}

func TestSymlinkDedup(t *testing.T) {
	tmp := t.TempDir()
	store, user, ws := filepath.Join(tmp, "store"), filepath.Join(tmp, "user"), filepath.Join(tmp, "ws")
	real := simpleSkill(t, store, "linked", "body\n")
	os.MkdirAll(user, 0o755)
	os.MkdirAll(ws, 0o755)
	if err := os.Symlink(real, filepath.Join(user, "linked")); err != nil {
		t.Fatal(err)
	}
	// The same root reached twice: a symlinked root.
	if err := os.Symlink(user, filepath.Join(ws, "alias")); err != nil {
		t.Fatal(err)
	}
	l := newTestLoader(t, Options{Roots: []Root{
		{Dir: store, Kind: SourceExtra, Priority: 1},
		{Dir: user, Kind: SourceUser, Priority: 2},
		{Dir: filepath.Join(ws, "alias"), Kind: SourceWorkspace, Priority: 3},
	}})
	r := mustLoad(t, l)
	es := entriesNamed(r, "linked")
	if len(es) != 3 {
		t.Fatalf("%d entries, want 3", len(es))
	}
	wantStatus(t, es[0], StatusAdmitted)
	if es[0].Source != SourceWorkspace || es[0].RealDir != real {
		t.Fatalf("winner %s real %s", es[0].Source, es[0].RealDir)
	}
	for _, e := range es[1:] {
		wantStatus(t, e, StatusDuplicate)
	}
	if n := l.Gate().Scans(); n != 1 {
		t.Fatalf("%d scans, want 1 (loaded once)", n)
	}
}

func TestFilters(t *testing.T) {
	tmp := t.TempDir()
	bundled, user := filepath.Join(tmp, "bundled"), filepath.Join(tmp, "user")
	for _, n := range []string{"keep-a", "keep-b", "other", "test-x"} {
		simpleSkill(t, user, n, "x\n")
	}
	simpleSkill(t, bundled, "bundled-ok", "x\n")
	simpleSkill(t, bundled, "bundled-no", "x\n")
	off := false
	r := mustLoad(t, newTestLoader(t, Options{
		Roots:        []Root{{Dir: bundled, Kind: SourceBundled, Priority: 1}, {Dir: user, Kind: SourceUser, Priority: 2}},
		Include:      []string{"keep-*", "bundled-*", "test-*"},
		Ignore:       []string{"test-*"},
		Skills:       map[string]SkillConfig{"keep-b": {Enabled: &off}},
		AllowBundled: []string{"bundled-ok"},
	}))
	wantStatus(t, r.Lookup("keep-a"), StatusAdmitted)
	wantStatus(t, r.Lookup("keep-b"), StatusDisabled)
	wantStatus(t, r.Lookup("bundled-ok"), StatusAdmitted)
	for _, n := range []string{"other", "test-x", "bundled-no"} {
		es := entriesNamed(r, n)
		if len(es) != 1 {
			t.Fatalf("%s: %d entries", n, len(es))
		}
		wantStatus(t, es[0], StatusFiltered)
		if r.Lookup(n) != nil {
			t.Fatalf("%s: filtered skill holds its name", n)
		}
	}
	if _, err := New(Options{Include: []string{"["}}); err == nil {
		t.Fatal("bad glob accepted")
	}
}

func TestGateRefusesMaliciousWithFindings(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "clean", "Run `git status`.\n")
	simpleSkill(t, root, "warned", "A MEDIUM-THING here.\n")
	bad := simpleSkill(t, root, "bad", "Fine text.\n")
	writeFile(t, filepath.Join(bad, "scripts/run.sh"), "#!/bin/sh\necho EVIL-PAYLOAD\n")
	r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}}))

	wantStatus(t, r.Lookup("clean"), StatusAdmitted)
	if v := r.Lookup("clean").Verdict; v != analyzer.VerdictPass {
		t.Fatalf("clean verdict %s", v)
	}
	w := r.Lookup("warned")
	wantStatus(t, w, StatusAdmitted)
	if w.Verdict != analyzer.VerdictWarn || len(w.Findings) != 0 || len(w.Result.Findings) != 1 {
		t.Fatalf("warned: verdict %s, %d blocking, result %v", w.Verdict, len(w.Findings), w.Result.Findings)
	}
	e := r.Lookup("bad")
	wantStatus(t, e, StatusRefused)
	if e.Verdict != analyzer.VerdictBlock || len(e.Findings) != 1 || e.Findings[0].Rule != "SV990" || e.Findings[0].Path != "scripts/run.sh" || e.Findings[0].Start.Line != 2 {
		t.Fatalf("findings %+v", e.Findings)
	}
	if !strings.Contains(e.Reason, "SV990") || !strings.Contains(e.Reason, "scripts/run.sh:2") {
		t.Fatalf("reason %q", e.Reason)
	}
	if _, err := r.Get("bad"); err == nil {
		t.Fatal("refused skill served")
	}
	if _, err := r.Render(context.Background(), "bad", RenderOptions{}); err == nil {
		t.Fatal("refused skill rendered")
	}
	if _, err := r.Resolve("skill://bad/scripts/run.sh"); err == nil {
		t.Fatal("refused skill's file resolved")
	}
	for _, m := range r.ModelSkills() {
		if m.Name == "bad" {
			t.Fatal("refused skill offered to the model")
		}
	}
}

func TestGateThreshold(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "warned", "A MEDIUM-THING here.\n")
	r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Threshold: analyzer.Medium}))
	wantStatus(t, r.Lookup("warned"), StatusRefused)
}

func TestGateWithAllRulesRefusesELF(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "clean", "# Clean\n\nSummarise the file the user names.\n")
	bad := simpleSkill(t, root, "dropper", "Run the helper.\n")
	elf := append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 120)...)
	if err := os.WriteFile(filepath.Join(bad, "helper"), elf, 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := New(Options{Roots: []Root{{Dir: root}}, Rules: rules.All(), Platform: "linux"})
	if err != nil {
		t.Fatal(err)
	}
	r := mustLoad(t, l)
	wantStatus(t, r.Lookup("clean"), StatusAdmitted)
	e := r.Lookup("dropper")
	wantStatus(t, e, StatusRefused)
	found := false
	for _, f := range e.Findings {
		if f.Rule == "SV003" && f.Path == "helper" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no SV003 finding: %+v", e.Findings)
	}
}

func TestChangedFileRescanned(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"one", "two", "three"} {
		d := simpleSkill(t, root, n, "text\n")
		writeFile(t, filepath.Join(d, "references/notes.md"), "notes\n")
	}
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	r1 := mustLoad(t, l)
	if n := l.Gate().Scans(); n != 3 {
		t.Fatalf("cold: %d scans", n)
	}
	r2 := mustLoad(t, l)
	if n := l.Gate().Scans(); n != 3 || r2.Stats.Scanned != 0 {
		t.Fatalf("warm: %d scans (%d this load), want none", n, r2.Stats.Scanned)
	}
	// A change to a file other than SKILL.md must be seen.
	writeFile(t, filepath.Join(root, "two/references/notes.md"), "notes EVIL-PAYLOAD\n")
	r3 := mustLoad(t, l)
	if r3.Stats.Scanned != 1 {
		t.Fatalf("after change: %d scans, want 1", r3.Stats.Scanned)
	}
	wantStatus(t, r3.Lookup("two"), StatusRefused)
	wantStatus(t, r1.Lookup("two"), StatusAdmitted) // old snapshot unchanged
	if r3.Lookup("two").Hash == r1.Lookup("two").Hash {
		t.Fatal("hash did not change")
	}
}

func TestUnreadableContentRefused(t *testing.T) {
	root := t.TempDir()
	fifo := simpleSkill(t, root, "fifo", "x\n")
	if err := syscall.Mkfifo(filepath.Join(fifo, "pipe"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	esc := simpleSkill(t, root, "escape", "x\n")
	secret := filepath.Join(t.TempDir(), "secret")
	writeFile(t, secret, "EVIL-PAYLOAD\n")
	if err := os.Symlink(secret, filepath.Join(esc, "notes.md")); err != nil {
		t.Fatal(err)
	}
	rel := simpleSkill(t, root, "relescape", "x\n")
	if err := os.Symlink("../../outside.md", filepath.Join(rel, "notes.md")); err != nil {
		t.Fatal(err)
	}
	// Whatever the rule set, even an empty one.
	for _, set := range [][]*analyzer.Rule{testRules(), {}} {
		r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Rules: set}))
		for name, want := range map[string]string{"fifo": "named pipe", "escape": "symlink", "relescape": "symlink"} {
			e := r.Lookup(name)
			wantStatus(t, e, StatusRefused)
			if !strings.Contains(e.Reason, want) {
				t.Fatalf("%s: reason %q lacks %q", name, e.Reason, want)
			}
		}
	}
}

func TestScanTimeoutRefuses(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "slow", "HANG-HERE\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, ScanTimeout: 50 * time.Millisecond, FileTimeout: time.Minute})
	start := time.Now()
	e := mustLoad(t, l).Lookup("slow")
	wantStatus(t, e, StatusRefused)
	if !strings.Contains(e.Reason, "timed out") || time.Since(start) > 10*time.Second {
		t.Fatalf("reason %q after %s", e.Reason, time.Since(start))
	}
	// A timeout is cached with the content (with its reason); a change
	// scans again.
	before := l.Gate().Scans()
	e = mustLoad(t, l).Lookup("slow")
	if l.Gate().Scans() != before || !strings.Contains(e.Reason, "timed out") {
		t.Fatalf("timed-out skill rescanned or reason lost: %q", e.Reason)
	}
	writeFile(t, filepath.Join(root, "slow", "notes.md"), "n\n")
	mustLoad(t, l)
	if l.Gate().Scans() != before+1 {
		t.Fatal("changed skill not rescanned")
	}
}

func TestGateFailsClosed(t *testing.T) {
	root := t.TempDir()
	simpleSkill(t, root, "hangs", "HANG-HERE\n")
	simpleSkill(t, root, "fails", "FAIL-HERE\n")
	mkSkill(t, root, "nofm", "# No frontmatter\n")
	mkSkill(t, root, "badyaml", "---\nname: badyaml\ndescription: [unclosed\n---\nx\n")
	mkSkill(t, root, "noclose", "---\nname: noclose\ndescription: d\n")
	mkSkill(t, root, "nodesc", "---\nname: nodesc\n---\nx\n")
	mkSkill(t, root, "BadName", "---\ndescription: d\n---\nx\n")
	mkSkill(t, root, "longdesc", skillMD("longdesc", strings.Repeat("a", 1025), "", "x\n"))
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, FileTimeout: 50 * time.Millisecond})
	r := mustLoad(t, l)
	cases := map[string]string{
		"hangs": "timed out", "fails": "rule broke", "nofm": "no YAML frontmatter", "badyaml": "frontmatter",
		"noclose": "closing", "nodesc": "description is required", "BadName": "lower-case", "longdesc": "1024",
	}
	for name, want := range cases {
		e := r.Lookup(name)
		wantStatus(t, e, StatusRefused)
		if !strings.Contains(e.Reason, want) {
			t.Errorf("%s: reason %q lacks %q", name, e.Reason, want)
		}
	}
	// A crashed rule is not cached: the next load scans it again.
	before := l.Gate().Scans()
	mustLoad(t, l)
	if got := l.Gate().Scans() - before; got != 1 {
		t.Fatalf("reload ran %d scans, want 1 (the crashed one)", got)
	}
}

func TestApprovalByHash(t *testing.T) {
	root := t.TempDir()
	d := simpleSkill(t, root, "vetted", "This skill mentions EVIL-PAYLOAD in its docs.\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	r := mustLoad(t, l)
	e := r.Lookup("vetted")
	wantStatus(t, e, StatusRefused)
	if err := l.Gate().Approve(Approval{Hash: "vetted", Reason: "by name"}); err == nil {
		t.Fatal("approval by name accepted")
	}
	if err := l.Gate().Approve(Approval{Hash: e.Hash}); err == nil {
		t.Fatal("approval without a reason accepted")
	}
	if err := l.Gate().Approve(Approval{Hash: "sha256:" + strings.ToUpper(e.Hash), Reason: "reviewed by sec team"}); err != nil {
		t.Fatal(err)
	}
	r = mustLoad(t, l)
	e = r.Lookup("vetted")
	wantStatus(t, e, StatusAdmitted)
	if e.Approved == nil || !strings.Contains(e.Reason, "reviewed by sec team") || len(e.Findings) != 1 {
		t.Fatalf("approved entry: %+v", e)
	}
	// Revoking it gates it again.
	l.Gate().Revoke(e.Hash)
	wantStatus(t, mustLoad(t, l).Lookup("vetted"), StatusRefused)
	if err := l.Gate().Approve(Approval{Hash: e.Hash, Reason: "reviewed by sec team"}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, mustLoad(t, l).Lookup("vetted"), StatusAdmitted)
	// A later update is gated again.
	writeFile(t, filepath.Join(d, "scripts/x.sh"), "echo hi\n")
	r = mustLoad(t, l)
	wantStatus(t, r.Lookup("vetted"), StatusRefused)

	// Approvals given in Options work the same way.
	l2 := newTestLoader(t, Options{Roots: []Root{{Dir: root}}, Approvals: []Approval{{Hash: r.Lookup("vetted").Hash, Reason: "ok"}}})
	wantStatus(t, mustLoad(t, l2).Lookup("vetted"), StatusAdmitted)
}

func TestInvocationLists(t *testing.T) {
	root := t.TempDir()
	mkSkill(t, root, "both", skillMD("both", "d", "", "x\n"))
	mkSkill(t, root, "useronly", skillMD("useronly", "d", "disable-model-invocation: true", "x\n"))
	mkSkill(t, root, "modelonly", skillMD("modelonly", "d", "user-invocable: false", "x\n"))
	r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}}))
	names := func(es []*Entry) string {
		var s []string
		for _, e := range es {
			s = append(s, e.Name)
		}
		return strings.Join(s, ",")
	}
	if got := names(r.ModelSkills()); got != "both,modelonly" {
		t.Fatalf("model skills %s", got)
	}
	if got := names(r.UserSkills()); got != "both,useronly" {
		t.Fatalf("user skills %s", got)
	}
}

func TestTOCTOUServesScannedBytes(t *testing.T) {
	root := t.TempDir()
	d := simpleSkill(t, root, "stable", "Original body.\n")
	writeFile(t, filepath.Join(d, "references/a.md"), "original ref\n")
	r := mustLoad(t, newTestLoader(t, Options{Roots: []Root{{Dir: root}}}))
	// Swap the content after the scan.
	writeFile(t, filepath.Join(d, "SKILL.md"), skillMD("stable", "d", "", "EVIL-PAYLOAD\n"))
	writeFile(t, filepath.Join(d, "references/a.md"), "EVIL-PAYLOAD\n")
	writeFile(t, filepath.Join(d, "references/new.md"), "EVIL-PAYLOAD\n")
	out, err := r.Render(context.Background(), "stable", RenderOptions{BaseDir: "skill://stable"})
	if err != nil || out.Body != "Original body.\n" {
		t.Fatalf("render: %v %+v", err, out)
	}
	// Handing out the directory itself is refused until it is rescanned:
	// the agent would read the new bytes there.
	var re *RefusedError
	if _, err := r.Render(context.Background(), "stable", RenderOptions{}); !errors.As(err, &re) || re.Code != CodeChanged {
		t.Fatalf("render with the disk path: %v", err)
	}
	if p := r.Prompt(PromptOptions{}); len(p.Included) != 0 || strings.Join(p.Changed, ",") != "stable" {
		t.Fatalf("prompt with disk paths: %+v", p)
	}
	if p := r.Prompt(PromptOptions{Location: URILocation}); strings.Join(p.Included, ",") != "stable" {
		t.Fatalf("prompt with skill:// locations: %+v", p)
	}
	res, err := r.Resolve("skill://stable/references/a.md")
	if err != nil || string(res.Content) != "original ref\n" {
		t.Fatalf("resolve: %v %q", err, res)
	}
	if _, err := r.Resolve("skill://stable/references/new.md"); err == nil {
		t.Fatal("file added after the scan was served")
	}
}

func TestUnreadableRootFailsLoadKeepsRegistry(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	simpleSkill(t, root, "a", "x\n")
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}, {Dir: filepath.Join(tmp, "missing")}}})
	good := mustLoad(t, l)
	wantStatus(t, good.Lookup("a"), StatusAdmitted)
	// A root that exists but cannot be listed (running as root, chmod does
	// not help): a symlink loop.
	os.RemoveAll(root)
	if err := os.Symlink(root, root); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Load(context.Background()); err == nil {
		t.Fatal("load of an unlistable root succeeded")
	}
	if l.Registry() != good {
		t.Fatal("failed load replaced the registry")
	}
}

func TestConcurrentReadsDuringLoad(t *testing.T) {
	root := t.TempDir()
	for i := 0; i < 20; i++ {
		simpleSkill(t, root, "s"+string(rune('a'+i)), "body $ARGUMENTS\n")
	}
	l := newTestLoader(t, Options{Roots: []Root{{Dir: root}}})
	mustLoad(t, l)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				r := l.Registry()
				r.Prompt(PromptOptions{})
				if _, err := r.Render(context.Background(), "sa", RenderOptions{Args: []string{"x"}}); err != nil {
					t.Error(err)
					return
				}
				r.Resolve("skill://sb/SKILL.md")
			}
		}()
	}
	for i := 0; i < 5; i++ {
		writeFile(t, filepath.Join(root, "sc", "notes.md"), strings.Repeat("n", i))
		mustLoad(t, l)
	}
	close(stop)
	wg.Wait()
}
