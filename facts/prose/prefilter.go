package prose

import (
	"sort"
	"strings"

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
	hits := d.index()
	for _, id := range match.LitIDs(lits) {
		if id < 0 || int(id) >= hits.Len() {
			return nil, false
		}
		pos = append(pos, hits.Of(id)...)
	}
	return pos, true
}

// index returns the literal index of the document's text, built once.
func (d *Doc) index() *match.Hits {
	d.hitsOnce.Do(func() { d.hits = match.IndexHits(d.all) })
	return d.hits
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
	marks := make([]bool, len(d.Sentences()))
	for _, p := range pos {
		if k := d.sentenceAt(int(p), 0); k >= 0 {
			marks[k] = true
		}
	}
	return func(s *Sentence) bool { return marks[s.idx] }
}

// sentenceAt returns the sentence holding all[p:p+n] whole, or -1.
func (d *Doc) sentenceAt(p, n int) int {
	d.sentOffOnce.Do(func() {
		sents := d.Sentences()
		d.sentOff = make([][2]int, len(sents))
		for k := range sents {
			off := d.segOff[sents[k].SegIndex]
			d.sentOff[k] = [2]int{off + sents[k].I, off + sents[k].J}
		}
	})
	k := sort.Search(len(d.sentOff), func(k int) bool { return d.sentOff[k][0] > p }) - 1
	if k < 0 || p+n > d.sentOff[k][1] || p >= d.sentOff[k][1] {
		return -1
	}
	return k
}

// SentenceMay returns a test for "rx's gate can hold in this sentence",
// answered from the literal index instead of a substring search per
// sentence: for some branch of the gate, every set has a literal lying
// whole inside the sentence. It holds wherever rx.May(s.Text) does (a
// literal the index lacks counts as present everywhere, and a text
// holding ſ or the Kelvin sign, which case-insensitive patterns fold to s
// and k, passes every sentence), so a rule may leave rx untried on the
// sentences it rejects, and run rx.Regexp() directly on the others, without
// changing what it finds. Build rx with match.MustIndexedRx.
func (d *Doc) SentenceMay(rx *match.Rx) func(s *Sentence) bool {
	all := func(*Sentence) bool { return true }
	if rx.Gate() == nil || strings.Contains(d.all, "\u017f") || strings.Contains(d.all, "\u212a") {
		return all
	}
	hits := d.index()
	n := len(d.Sentences())
	out := make([]bool, n)
	branch := make([]bool, n)
	in := make([]bool, n)
	for _, b := range rx.Gate().Branches {
		for k := range branch {
			branch[k] = true
		}
		for _, set := range b {
			known := true
			clear(in)
			for i, id := range match.LitIDs(set) {
				if id < 0 || int(id) >= hits.Len() {
					known = false // not in the index: this set cannot narrow
					break
				}
				for _, p := range hits.Of(id) {
					if k := d.sentenceAt(int(p), len(set[i])); k >= 0 {
						in[k] = true
					}
				}
			}
			if !known {
				continue
			}
			for k := range branch {
				branch[k] = branch[k] && in[k]
			}
		}
		for k := range out {
			out[k] = out[k] || branch[k]
		}
	}
	return func(s *Sentence) bool { return out[s.idx] }
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
