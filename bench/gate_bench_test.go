package bench

import (
	"context"
	"testing"

	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
)

// BenchmarkGate measures the agent-side gated loader (loader.Loader with
// rules.All()) over the corpus root. cold: a new loader per iteration, so
// every skill is read, hashed, validated and scanned. warm: one loader
// loaded once, then reloaded: unchanged skills are recognised by their
// stat signature and content hash, and no scan runs (scans/load says so).
func BenchmarkGate(b *testing.B) {
	c := getCorpus(b)
	opts := loader.Options{Roots: []loader.Root{{Dir: c.root}}, Rules: rules.All(), Platform: "linux"}
	ctx := context.Background()
	check := func(b *testing.B, r *loader.Registry) {
		if got := len(r.Entries()); got != len(c.dirs) {
			b.Fatalf("%d entries, want %d", got, len(c.dirs))
		}
	}
	b.Run("cold", func(b *testing.B) {
		b.SetBytes(c.bytes)
		b.ReportAllocs()
		var scans int64
		for i := 0; i < b.N; i++ {
			l, err := loader.New(opts)
			if err != nil {
				b.Fatal(err)
			}
			r, err := l.Load(ctx)
			if err != nil {
				b.Fatal(err)
			}
			check(b, r)
			scans += l.Gate().Scans()
		}
		b.ReportMetric(float64(scans)/float64(b.N), "scans/load")
	})
	b.Run("warm", func(b *testing.B) {
		l, err := loader.New(opts)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.Load(ctx); err != nil {
			b.Fatal(err)
		}
		before := l.Gate().Scans()
		b.SetBytes(c.bytes)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			r, err := l.Load(ctx)
			if err != nil {
				b.Fatal(err)
			}
			check(b, r)
		}
		b.ReportMetric(float64(l.Gate().Scans()-before)/float64(b.N), "scans/load")
	})
}
