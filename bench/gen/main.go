// Command gen writes a synthetic corpus of Agent Skills for benchmarks.
//
//	go run ./bench/gen -n 5000 -o /tmp/corpus -seed 1
//
// The same flags always give the same bytes. About 100 MB for 5,000 skills;
// -malicious sets the fraction of skills carrying a malicious shape.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/skillvet/skillvet/bench/synth"
)

func main() {
	n := flag.Int("n", 5000, "number of skills")
	out := flag.String("o", "", "output directory (created; must be empty or absent)")
	seed := flag.Uint64("seed", 1, "random seed")
	mal := flag.Float64("malicious", 0.03, "fraction of skills with a malicious shape (0 for none)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gen -o DIR [-n 5000] [-seed 1] [-malicious 0.03]")
		os.Exit(2)
	}
	if ents, err := os.ReadDir(*out); err == nil && len(ents) > 0 {
		fmt.Fprintf(os.Stderr, "gen: %s is not empty\n", *out)
		os.Exit(2)
	}
	m := *mal
	if m == 0 {
		m = -1 // synth treats 0 as the default rate
	}
	st, err := synth.Generate(*out, synth.Options{N: *n, Seed: *seed, Malicious: m})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Println(st)
}
