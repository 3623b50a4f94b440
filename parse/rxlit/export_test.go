package rxlit

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
)

// CheckDerived forces r's derivations and its compilation, and compares
// each with the same derivation from a parse of its own (the functions
// taking the pattern's text, each of which parses it afresh): what one
// shared parse gives must be what parsing for each derivation gave.
// It returns the differences, "" when none.
func CheckDerived(r *Rx) string {
	var diffs []string
	expr := r.String()
	r.derived()
	if re := r.Regexp(); re.String() != expr {
		diffs = append(diffs, "regexp "+re.String())
	}
	wantGate := NewGate(expr)
	if r.ungated {
		wantGate = nil
	}
	if !sameGate(r.gate, wantGate) {
		diffs = append(diffs, fmt.Sprintf("gate %v, want %v", branches(r.gate), branches(wantGate)))
	}
	var wantUgate *Gate
	if !r.ungated && wantGate == nil {
		wantUgate = newUnicodeGate(expr)
	}
	if !sameGate(r.ugate, wantUgate) {
		diffs = append(diffs, fmt.Sprintf("unicode gate %v, want %v", branches(r.ugate), branches(wantUgate)))
	}
	var wantWhole *byteSet
	if !r.ungated {
		wantWhole = wholeTextBytes(expr)
	}
	if !reflect.DeepEqual(r.whole, wantWhole) {
		diffs = append(diffs, "whole-text bytes")
	}
	wantSK := wantGate != nil && strings.Contains(expr, "(?i") && wantGate.hasAny("sk")
	if r.foldSK != wantSK {
		diffs = append(diffs, fmt.Sprintf("foldSK %v, want %v", r.foldSK, wantSK))
	}
	wl := newLeading(regexp.MustCompile(expr))
	if (r.lead == nil) != (wl == nil) || r.lead != nil && (!reflect.DeepEqual(r.lead.lits, wl.lits) ||
		!reflect.DeepEqual(r.lead.flit, wl.flit) || r.lead.fold != wl.fold || r.lead.sk != wl.sk ||
		r.lead.expr != wl.expr || r.lead.rx != r || r.lead.regexp() != r.Regexp()) {
		diffs = append(diffs, "leading literals")
	}
	if got, want := r.RequiredLiterals(), RequiredLiterals(expr); !reflect.DeepEqual(got, want) {
		diffs = append(diffs, fmt.Sprintf("required literals %q, want %q", got, want))
	}
	// the memo changes nothing: each derivation again without it
	fresh := parseExpr(expr)
	off := &litMemo{off: true}
	var wantLits []string
	if !holdsRune(fresh.tree, 0x130) {
		if l, ok := off.reqLits(fresh.simple()); ok {
			wantLits = l
		}
	}
	if got := r.RequiredLiterals(); !reflect.DeepEqual(got, wantLits) {
		diffs = append(diffs, fmt.Sprintf("required literals %q, without the memo %q", got, wantLits))
	}
	var plain, uplain *Gate
	if !holdsRune(fresh.tree, 0x130) {
		plain, uplain = newGate(off, fresh.simple(), false), newGate(off, fresh.simple(), true)
	}
	if got := r.NewGate(); !sameGate(got, plain) {
		diffs = append(diffs, fmt.Sprintf("NewGate %v, without the memo %v", branches(got), branches(plain)))
	}
	if got := fresh.unicodeGate(); !sameGate(got, foldGate(uplain)) {
		diffs = append(diffs, "unicode gate differs without the memo")
	}
	if got, want := r.NewGate(), NewGate(expr); !sameGate(got, want) {
		diffs = append(diffs, fmt.Sprintf("NewGate %v, want %v", branches(got), branches(want)))
	}
	if got, want := r.LineLocal(), LineLocal(expr); got != want {
		diffs = append(diffs, fmt.Sprintf("line-local %v, want %v", got, want))
	}
	return strings.Join(diffs, "; ")
}

func sameGate(a, b *Gate) bool {
	if a == nil || b == nil {
		return a == b
	}
	return reflect.DeepEqual(a.Branches, b.Branches) && reflect.DeepEqual(a.lits, b.lits)
}

func branches(g *Gate) any {
	if g == nil {
		return nil
	}
	return g.Branches
}
