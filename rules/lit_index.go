package rules

import (
	"sort"

	"github.com/skillvet/skillvet/facts/match"
)

// litHits returns the offsets in d.all where one of lits starts (in no
// particular order), or ok=false for literals the index does not hold.
func (d *proseDoc) litHits(lits []string) (pos []int32, ok bool) {
	d.hitsOnce.Do(func() { d.hits = match.IndexHits(d.all) })
	for _, l := range lits {
		id, known := match.LitID(l)
		if !known || int(id) >= len(d.hits) {
			return nil, false
		}
		pos = append(pos, d.hits[id]...)
	}
	return pos, true
}

// litCandidates marks the segments holding one of lits using the index;
// literals that were never registered fall back to a direct search.
func (d *proseDoc) litCandidates(lits []string) []bool {
	pos, ok := d.litHits(lits)
	if !ok {
		return d.scanCandidates(lits)
	}
	out := make([]bool, len(d.Segments))
	for _, p := range pos {
		out[sort.SearchInts(d.segOff, int(p)+1)-1] = true
	}
	return out
}

// sentenceFilter returns a test for "this sentence contains one of lits",
// answered from the index by binary search.
func (d *proseDoc) sentenceFilter(lits []string) func(s *proseSentence) bool {
	pos, ok := d.litHits(lits)
	if !ok {
		return func(s *proseSentence) bool { return match.ContainsAnyLit(s.Text, lits) }
	}
	sents := d.sentences()
	starts := make([]int, len(sents))
	for k := range sents {
		starts[k] = d.segOff[sents[k].si] + sents[k].i
	}
	marks := make([]bool, len(sents))
	for _, p := range pos {
		k := sort.SearchInts(starts, int(p)+1) - 1
		if k >= 0 && int(p) < d.segOff[sents[k].si]+sents[k].j {
			marks[k] = true
		}
	}
	return func(s *proseSentence) bool { return marks[s.idx] }
}
