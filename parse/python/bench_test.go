package python

import (
	"testing"

	"github.com/skillvet/skillvet/internal/pygen"
)

func benchSizes(b *testing.B, f func(b *testing.B, src []byte)) {
	for _, n := range []struct {
		name string
		size int
	}{{"64KB", 64 << 10}, {"5MB", 5 << 20}} {
		src := pygen.Generate(n.size)
		b.Run(n.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				f(b, src)
			}
		})
	}
}

func BenchmarkTokenize(b *testing.B) {
	benchSizes(b, func(b *testing.B, src []byte) {
		if _, err := Tokenize(src); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	benchSizes(b, func(b *testing.B, src []byte) {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	})
}

func TestGeneratedParses(t *testing.T) {
	src := pygen.Generate(256 << 10)
	m, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if hasCall(m, "subprocess.run") == nil || hasCall(m, "requests.get") == nil || hasCall(m, "base64.b64encode") == nil {
		t.Errorf("generated code not understood: %v", callNames(m)[:20])
	}
}
