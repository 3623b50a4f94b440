// Package rules holds skillvet's built-in rules, one rule per file. Each
// file declares its rule as a value with all of its metadata and registers
// it; All returns the set sorted by ID. Rule fixtures live in
// testdata/rules/<ID>/ (tp-* cases must report, fp-* cases are look-alikes).
//
// ID families:
//
//	SV0xx  scan integrity (unreadable, opaque or unanalysable content)
//	SV1xx  code execution (exec, eval, remote code, reverse shells, dynamic context)
//	SV2xx  exfiltration and credential access
//	SV3xx  prompt injection and hidden content
//	SV4xx  obfuscation
//	SV5xx  supply chain and install lures
//	SV6xx  privilege escalation, persistence and destructive commands
//	SV7xx  resource abuse and network (mining, raw IPs, reconnaissance)
//	SV9xx  specification lint
package rules

import (
	"sort"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
)

var (
	mu       sync.Mutex
	registry []*analyzer.Rule
)

// register adds a rule to the built-in set; rule files call it from a
// package-level var initialiser.
func register(r *analyzer.Rule) *analyzer.Rule {
	mu.Lock()
	defer mu.Unlock()
	registry = append(registry, r)
	return r
}

// All returns every built-in rule, the engine's own included, sorted by ID.
func All() []*analyzer.Rule {
	mu.Lock()
	out := append(analyzer.BuiltinRules(), registry...)
	mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lint returns the specification lint rules (category lint).
func Lint() []*analyzer.Rule {
	var out []*analyzer.Rule
	for _, r := range All() {
		if r.Category == analyzer.CatLint {
			out = append(out, r)
		}
	}
	return out
}

// ByID returns the rule with the given ID, or nil.
func ByID(id string) *analyzer.Rule {
	for _, r := range All() {
		if r.ID == id {
			return r
		}
	}
	return nil
}
