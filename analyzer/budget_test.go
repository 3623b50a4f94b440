package analyzer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/skill"
)

// TestEmbedBudget: the budget keeps blocks in path order until either the
// count or the byte limit runs out, and says which block it stopped at.
func TestEmbedBudget(t *testing.T) {
	wave := func(n, size int) []*skill.File {
		var out []*skill.File
		for i := range n {
			out = append(out, skill.NewFile(fmt.Sprintf("doc.md#L%05d.sh", i), []byte(strings.Repeat("x", size))))
		}
		return out
	}
	b := embedBudget{files: MaxEmbeddedFiles, bytes: 1 << 30}
	kept, left, why := b.take(wave(MaxEmbeddedFiles, 10), 1)
	if len(kept) != MaxEmbeddedFiles || left != nil || why != "" {
		t.Fatalf("within the count: kept %d, left %v, %q", len(kept), left, why)
	}
	kept, left, why = b.take(wave(1, 10), 1)
	if len(kept) != 0 || left == nil || !strings.Contains(why, "more embedded code than the analysis limits") {
		t.Errorf("past the count: kept %d, left %v, %q", len(kept), left, why)
	}
	b = embedBudget{files: MaxEmbeddedFiles, bytes: 25}
	kept, left, _ = b.take(wave(3, 10), 1)
	if len(kept) != 2 || left == nil || left.Path != "doc.md#L00002.sh" {
		t.Errorf("past the bytes: kept %d, left %v", len(kept), left)
	}
	if _, left, why := (&embedBudget{files: 10, bytes: 100}).take(wave(1, 1), MaxEmbedDepth+1); left == nil || !strings.Contains(why, "levels deep") {
		t.Errorf("too deep: left %v, %q", left, why)
	}
}
