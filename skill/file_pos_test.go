package skill

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// posSlow is Pos without resume marks: the reference.
func posSlow(f *File, off int) Position {
	idx := f.index()
	line := 0
	for line+1 < len(idx) && idx[line+1] <= off {
		line++
	}
	col, col16 := 1, 1
	for seg := f.Content[idx[line]:off]; len(seg) > 0; {
		r, n := utf8.DecodeRune(seg)
		seg = seg[n:]
		col++
		col16 += utf16.RuneLen(r)
	}
	return Position{Offset: off, Line: line + 1, Column: col, Column16: col16}
}

func TestPosLongLine(t *testing.T) {
	long := strings.Repeat("aé😀\xff", 9000) // ASCII, 2-byte, 4-byte (two UTF-16 units) and invalid bytes
	f := &File{Content: []byte("x\n" + long + "\nshort\n" + long)}
	for off := 0; off <= len(f.Content); off += 997 {
		if got, want := f.Pos(off), posSlow(f, off); got != want {
			t.Fatalf("Pos(%d) = %+v, want %+v", off, got, want)
		}
	}
	for _, off := range []int{len(f.Content), len(f.Content) - 1, 2 + colStep, 2 + colStep + 1, 2 + 3*colStep - 1} {
		if got, want := f.Pos(off), posSlow(f, off); got != want {
			t.Fatalf("Pos(%d) = %+v, want %+v", off, got, want)
		}
	}
}
