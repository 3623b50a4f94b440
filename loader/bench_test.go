package loader

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillvet/skillvet/rules"
)

// genSkills writes n skills of three files each (SKILL.md, a script, a
// reference) under root.
func genSkills(b *testing.B, root string, n int) {
	body := strings.Repeat("Use the helper script to process the input and report results.\n", 20)
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("skill-%04d", i)
		d := mkSkill(b, root, name, skillMD(name, "Generated skill number "+name+".", "", body))
		writeFile(b, filepath.Join(d, "scripts", "run.sh"), "#!/bin/sh\nset -eu\necho \"processing $1\"\n")
		writeFile(b, filepath.Join(d, "references", "guide.md"), "# Guide\n\n"+body)
	}
}

// BenchmarkLoad1000 measures a cold load (every skill scanned with
// rules.All()) and a warm load (read and hash every file, scans served
// from the content-hash cache) of 1,000 generated skills.
func BenchmarkLoad1000(b *testing.B) {
	const n = 1000
	root := b.TempDir()
	genSkills(b, root, n)
	opts := Options{Roots: []Root{{Dir: root}}, Rules: rules.All(), Platform: "linux"}
	ctx := context.Background()
	report := func(b *testing.B, elapsed time.Duration, scans int64) {
		b.ReportMetric(float64(elapsed.Milliseconds())/float64(b.N), "ms/load")
		b.ReportMetric(float64(elapsed.Microseconds())/float64(b.N*n), "µs/skill")
		b.ReportMetric(float64(scans)/float64(b.N), "scans/load")
	}

	check := func(b *testing.B, r *Registry) {
		if got := len(r.Admitted()); got != n {
			b.Fatalf("%d admitted, want %d", got, n)
		}
	}
	b.Run("cold", func(b *testing.B) {
		var elapsed time.Duration
		var scans int64
		for i := 0; i < b.N; i++ {
			l, err := New(opts)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			r, err := l.Load(ctx)
			elapsed += time.Since(start)
			if err != nil {
				b.Fatal(err)
			}
			check(b, r)
			scans += l.Gate().Scans()
		}
		report(b, elapsed, scans)
	})
	b.Run("warm", func(b *testing.B) {
		time.Sleep(racyWindow) // files this recent are read on every load
		l, err := New(opts)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.Load(ctx); err != nil {
			b.Fatal(err)
		}
		before, reads := l.Gate().Scans(), 0
		b.ResetTimer()
		start := time.Now()
		for i := 0; i < b.N; i++ {
			r, err := l.Load(ctx)
			if err != nil {
				b.Fatal(err)
			}
			check(b, r)
			reads += r.Stats.Read
		}
		report(b, time.Since(start), l.Gate().Scans()-before)
		b.ReportMetric(float64(reads)/float64(b.N), "reads/load")
	})
}
