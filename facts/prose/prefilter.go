package prose

import (
	"sort"

	"github.com/skillvet/skillvet/facts/match"
)

// CredSegments marks the segments that may mention a credential path.
func (d *Doc) CredSegments() []bool {
	d.credOnce.Do(func() {
		d.credSeg = d.Candidates(match.CredPathLits)
		for i, ok := range d.credSeg {
			if ok {
				seg := &d.Segments[i]
				d.credSeg[i] = match.CredPathMatch(d.Src[seg.Start:seg.End])
			}
		}
	})
	return d.credSeg
}

// litHits returns the offsets in d.all where one of lits starts (in no
// particular order), or ok=false for literals the index does not hold.
func (d *Doc) litHits(lits []string) (pos []int32, ok bool) {
	d.hitsOnce.Do(func() { d.hits = match.IndexHits(d.all) })
	for _, l := range lits {
		id, known := match.LitID(l)
		if !known || int(id) >= d.hits.Len() {
			return nil, false
		}
		pos = append(pos, d.hits.Of(id)...)
	}
	return pos, true
}

// litCandidates marks the segments holding one of lits using the index;
// literals that were never registered fall back to a direct search.
func (d *Doc) litCandidates(lits []string) []bool {
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

// SentenceFilter returns a test for "this sentence contains one of lits",
// answered from the index by binary search.
func (d *Doc) SentenceFilter(lits []string) func(s *Sentence) bool {
	pos, ok := d.litHits(lits)
	if !ok {
		return func(s *Sentence) bool { return match.ContainsAnyLit(s.Text, lits) }
	}
	sents := d.Sentences()
	starts := make([]int, len(sents))
	for k := range sents {
		starts[k] = d.segOff[sents[k].SegIndex] + sents[k].I
	}
	marks := make([]bool, len(sents))
	for _, p := range pos {
		k := sort.SearchInts(starts, int(p)+1) - 1
		if k >= 0 && int(p) < d.segOff[sents[k].SegIndex]+sents[k].J {
			marks[k] = true
		}
	}
	return func(s *Sentence) bool { return marks[s.idx] }
}

// GateCandidates narrows cand (one flag per segment) to the segments that
// satisfy g: for some branch, every set has a literal in the segment.
func (d *Doc) GateCandidates(g *match.Gate, cand []bool) []bool {
	if g == nil {
		return cand
	}
	any := false
	for _, c := range cand {
		any = any || c
	}
	if !any {
		return cand
	}
	out := make([]bool, len(cand))
	branch := make([]bool, len(cand))
	for _, b := range g.Branches {
		for i := range branch {
			branch[i] = cand[i]
		}
		for _, set := range b {
			pos, ok := d.litHits(set)
			if !ok {
				continue // not in the index: this set cannot narrow
			}
			in := make([]bool, len(cand))
			for _, p := range pos {
				in[sort.SearchInts(d.segOff, int(p)+1)-1] = true
			}
			for i := range branch {
				branch[i] = branch[i] && in[i]
			}
		}
		for i := range out {
			out[i] = out[i] || branch[i]
		}
	}
	return out
}
