package rxlit_test

import (
	"testing"

	"github.com/skillvet/skillvet/parse/rxlit"

	// every package that declares patterns
	_ "github.com/skillvet/skillvet/analyzer"
	_ "github.com/skillvet/skillvet/facts/coderole"
	_ "github.com/skillvet/skillvet/facts/encoded"
	_ "github.com/skillvet/skillvet/facts/hostfacts"
	_ "github.com/skillvet/skillvet/facts/jsfacts"
	_ "github.com/skillvet/skillvet/facts/manifest"
	_ "github.com/skillvet/skillvet/facts/prose"
	_ "github.com/skillvet/skillvet/facts/pyfacts"
	_ "github.com/skillvet/skillvet/facts/shellfacts"
	_ "github.com/skillvet/skillvet/intel"
	_ "github.com/skillvet/skillvet/parse/js"
	_ "github.com/skillvet/skillvet/parse/shell"
	_ "github.com/skillvet/skillvet/rules"
)

// TestRegisteredDerivations checks, for every pattern the program
// declares, that the derivations made from its one parse on first use
// (the gates, the whole-text bytes, the leading and required literals,
// line locality) equal those made each from a parse of its own, as
// MustRx made them before it parsed once; and that each pattern compiles.
func TestRegisteredDerivations(t *testing.T) {
	all := rxlit.Registered()
	if len(all) < 500 {
		t.Fatalf("%d patterns registered: is a package missing from the imports?", len(all))
	}
	for _, r := range all {
		if d := rxlit.CheckDerived(r); d != "" {
			t.Errorf("%s: %s", r, d)
		}
	}
	t.Logf("%d patterns", len(all))
}

// TestRegisteredAC checks that the automaton over the literals of every
// declared pattern's gate is the one the map-per-state trie built.
func TestRegisteredAC(t *testing.T) {
	var all []string
	for _, r := range rxlit.Registered() {
		if g := r.Gate(); g != nil {
			for _, b := range g.Branches {
				for _, set := range b {
					all = append(all, set...)
				}
			}
		}
	}
	if !rxlit.SameAsMapBuilt(all) {
		t.Fatal("the automaton over every gate literal differs from the map-built one")
	}
	t.Logf("%d literals", len(all))
}
