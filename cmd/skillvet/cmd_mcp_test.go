package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMCPFlags(t *testing.T) {
	root := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "--root", root, "--http", "0.0.0.0:8765"}, "non-loopback"},
		{[]string{"mcp", "--root", root, "--http", ":8765"}, "non-loopback"},
		{[]string{"mcp", "--root", root, "--http", "192.168.1.2:8765"}, "non-loopback"},
		{[]string{"mcp", "--root", root, "stray"}, "takes no arguments"},
		{[]string{"mcp", "--root", root, "--max-resource-bytes", "0"}, "must be positive"},
		{[]string{"mcp", "--root", root, "--scan-root", filepath.Join(root, "missing")}, "scan root"},
		{[]string{"mcp", "--root", root, "--fail-on", "none"}, "needs a threshold"},
	} {
		_, errs, code := runCLIEnv(t, nil, tc.args...)
		if code != exitError || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestMCPStdio runs the built binary as an MCP server over stdio, the way
// a client such as Claude Code does.
func TestMCPStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "skillvet")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	a, b := fixture(t) // clean (in both), bad (ELF), needs (ineligible)
	scanRoot := filepath.Join(tmp, "scan")
	put(t, filepath.Join(scanRoot, "ok/SKILL.md"), "---\nname: ok\ndescription: OK\n---\nok\n")

	cmd := exec.Command(bin, "mcp", "--root", a, "--root", b, "--scan-root", scanRoot, "--debounce", "20ms")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "HOME="+tmp)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	var resChanged atomic.Int32
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { resChanged.Add(1) },
	})
	ctx := context.Background()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := cs.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
		if !strings.Contains(stderr.String(), "1 skill(s) admitted, 1 refused; serving on stdio") {
			t.Errorf("stderr %q", stderr.String())
		}
	}()
	callTool := func(name string, args map[string]any) (*mcp.CallToolResult, string) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var sb strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				sb.WriteString(tc.Text)
			}
		}
		return res, sb.String()
	}

	if res, out := callTool("list_skills", nil); res.IsError || !strings.Contains(out, `"name":"clean"`) ||
		strings.Contains(out, `"name":"bad"`) || strings.Contains(out, `"name":"needs"`) {
		t.Errorf("list_skills: %s", out)
	}
	if res, out := callTool("activate_skill", map[string]any{"name": "clean", "arguments": "you"}); res.IsError ||
		out != "Hello you in skill://clean\n!echo dyn\n" {
		t.Errorf("activate clean: %q", out)
	}
	if res, out := callTool("activate_skill", map[string]any{"name": "bad"}); !res.IsError || !strings.Contains(out, "SV003") {
		t.Errorf("activate bad: %v %q", res.IsError, out)
	}
	if res, out := callTool("read_skill_resource", map[string]any{"name": "clean", "path": "references/r.md"}); res.IsError || out != "ref\n" {
		t.Errorf("read: %q", out)
	}
	for _, p := range []string{"../bad/tool", "%2e%2e/bad/tool", "references/%2E%2E/%2E%2E/bad/tool"} {
		if res, out := callTool("read_skill_resource", map[string]any{"name": "clean", "path": p}); !res.IsError || !strings.Contains(out, "invalid skill URI") {
			t.Errorf("read %s: %v %q", p, res.IsError, out)
		}
	}
	if res, out := callTool("scan_skill", map[string]any{"path": "ok"}); res.IsError || !strings.Contains(out, `ok (`) || !strings.Contains(out, ": pass") {
		t.Errorf("scan ok: %q", out)
	}
	if res, out := callTool("scan_skill", map[string]any{"path": filepath.Join(a, "bad")}); !res.IsError || !strings.Contains(out, "outside the allowed scan roots") {
		t.Errorf("scan outside: %v %q", res.IsError, out)
	}

	// The watcher (on by default) drops clean when it turns malicious and
	// tells the client.
	deadline := time.Now().Add(15 * time.Second)
	for resChanged.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no resources/list_changed; stderr %q", stderr.String())
		}
		put(t, filepath.Join(b, "clean/scripts/x"), "\x7fELF\x02\x01\x01\x00"+strings.Repeat("\x00", 16))
		time.Sleep(50 * time.Millisecond)
	}
	lr, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range lr.Resources {
		uris = append(uris, r.URI)
	}
	if slices.Contains(uris, "skill://clean") {
		t.Errorf("clean still listed after turning malicious: %v", uris)
	}
	if res, out := callTool("activate_skill", map[string]any{"name": "clean"}); !res.IsError || !strings.Contains(out, "scripts/x") {
		t.Errorf("activate clean after the swap: %v %q", res.IsError, out)
	}
}

// lockedBuffer is a bytes.Buffer safe to read while a process writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
