package cfb

import (
	"errors"
	"testing"
)

func FuzzInspect(f *testing.F) {
	for _, b := range [][]byte{plainWord(), macroWord(), packageWord(), plainWorkbook(), macroSheetWorkbook(), plainPresentation(), vbaPresentation(true), vbaPresentation(false)} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Inspect(b)
		if (d == nil) == (err == nil) || err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Inspect = %v, %v", d, err)
		}
	})
}
