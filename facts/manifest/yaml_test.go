package manifest

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/skill"
)

// TestLintOffset checks that YAML positions (rune columns) become the
// right byte offsets after multi-byte characters on the same line.
func TestLintOffset(t *testing.T) {
	src := "---\nname: x\nmetadata: {\"openclaw\": {\"emoji\": \"🎵é\", \"os\": [macos]}}\n---\n"
	m := skill.ParseManifest([]byte(src))
	f := skill.NewFile("SKILL.md", []byte(src))
	n := m.Lookup("metadata", "openclaw", "os")
	if n == nil {
		t.Fatal("no os node")
	}
	off := lintOffset(f, n.Line, n.Column)
	if got := src[off:]; !strings.HasPrefix(got, "[macos]") {
		t.Errorf("offset %d points at %q, want [macos]", off, got[:min(len(got), 10)])
	}
}
