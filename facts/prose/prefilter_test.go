package prose

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/skill"
)

// The patterns of TestSentenceMay, registered at initialisation as
// MustIndexedRx requires: a conjunction of sets, a top-level alternation,
// a case-insensitive pattern whose literals hold s and k, a literal that
// spans a sentence end, and a pattern with no gate.
var mayTestRx = []*match.Rx{
	match.MustIndexedRx(`\b(?:run|execute)\s+(?:the\s+)?(?:embedded|hidden)\s+(?:script|code)\b`),
	match.MustIndexedRx(`\bevery\s+file\s+under\s+home\b|\bport[- ]scan\b`),
	match.MustIndexedRx(`(?i)\bskip\s+the\s+check\b`),
	match.MustIndexedRx(`end\.\s+next`),
	match.MustIndexedRx(`\w+`),
}

// docFor returns the prose view of SKILL.md with body md.
func docFor(t *testing.T, md string) *Doc {
	t.Helper()
	fsys := fstest.MapFS{"SKILL.md": &fstest.MapFile{Data: []byte("---\nname: s\ndescription: d\n---\n" + md)}}
	s, err := skill.Load(t.Context(), fsys, "s", skill.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Files {
		if f.Path == skill.ManifestName {
			d, err := Of(&analyzer.Pass{Skill: s, File: f})
			if err != nil {
				t.Fatal(err)
			}
			return d
		}
	}
	t.Fatal("no SKILL.md")
	return nil
}

// TestSentenceMay checks that the index's answer holds wherever the
// gate's own substring test does (the rules skip the regexp on the
// others), and that it narrows: a sentence lacking a set's literals is
// rejected even when another sentence of the document holds them.
func TestSentenceMay(t *testing.T) {
	docs := []string{
		"# Setup\n\nRun the embedded script now. Then execute hidden code. Every file under home is read.\n\n" +
			"| step | what |\n|---|---|\n| 1 | port-scan the lan |\n\nThe script is embedded; nothing runs.\n",
		"Do not Skip The Check. This is the end. next we go.\n\n> Run the hidden script.\n\n- execute the embedded code\n",
		"The ſkip the check sentence folds. Another sentence about a file.\n",
		"Nothing here matches at all.\n",
	}
	for _, md := range docs {
		d := docFor(t, md)
		for _, rx := range mayTestRx {
			may := d.SentenceMay(rx)
			for k := range d.Sentences() {
				s := &d.Sentences()[k]
				if rx.May(s.Text) && !may(s) {
					t.Errorf("%s: sentence %q: gate holds, index says no", rx, s.Text)
				}
			}
		}
	}
	d := docFor(t, docs[0])
	may := d.SentenceMay(mayTestRx[0])
	var kept []string
	for k := range d.Sentences() {
		if may(&d.Sentences()[k]) {
			kept = append(kept, d.Sentences()[k].Text)
		}
	}
	// a sentence is kept when it holds a verb and an object of the gate;
	// the heading, the table cells, the sentence about files and the two
	// halves of "the script is embedded; nothing runs." lack one or the
	// other, though the document holds both
	want := []string{"run the embedded script now.", "then execute hidden code."}
	if !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
}
