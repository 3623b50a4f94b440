package rules

import (
	"github.com/skillvet/skillvet/facts/match"
)

// credSegments marks the segments that may mention a credential path.
func (d *proseDoc) credSegments() []bool {
	d.credOnce.Do(func() {
		d.credSeg = d.candidates(match.CredPathLits)
		for i, ok := range d.credSeg {
			if ok {
				seg := &d.Segments[i]
				d.credSeg[i] = match.CredPathAny.Match(d.Src[seg.Start:seg.End])
			}
		}
	})
	return d.credSeg
}
