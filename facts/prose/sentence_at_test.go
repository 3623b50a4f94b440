package prose

import (
	"strings"
	"testing"
)

// TestSentenceAt checks that every offset of a sentence's source range
// finds that sentence, and that code blocks, comments and the space
// between sentences find none.
func TestSentenceAt(t *testing.T) {
	d := docFor(t, "# Title\n\nOpen `.mcp.json` and add the server. Then reload;\nask nobody.\n\n```json\n{\"a\": 1}\n```\n\n<!-- a comment. -->\n\n- Edit the file.\n- Save it.\n")
	sents := d.Sentences()
	if len(sents) == 0 {
		t.Fatal("no sentences")
	}
	for k := range sents {
		s, e := sents[k].Source()
		for off := s; off < e; off++ {
			if got := d.SentenceAt(off); got != &sents[k] {
				t.Fatalf("offset %d of sentence %q: got %v", off, sents[k].Text, got)
			}
		}
	}
	src := string(d.Src)
	for _, w := range []string{`{"a": 1}`, "a comment", " Then"} {
		if s := d.SentenceAt(strings.Index(src, w)); s != nil {
			t.Errorf("%q: got sentence %q", w, s.Text)
		}
	}
	s := d.SentenceAt(strings.Index(src, ".mcp.json"))
	if s == nil {
		t.Fatal(".mcp.json: no sentence")
	}
	if ss, se := s.Source(); src[ss:se] != "Open `.mcp.json` and add the server." {
		t.Errorf(".mcp.json: got %q", src[ss:se])
	}
}
