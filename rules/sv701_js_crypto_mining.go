package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/intel"
)

// JSCryptoMining reports cryptocurrency mining in JavaScript.
var JSCryptoMining = register(&analyzer.Rule{
	ID:       "SV701",
	Name:     "js-crypto-mining",
	Title:    "JavaScript runs or configures a cryptocurrency miner",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-400", "CWE-506"},
	Inputs:   analyzer.InJS,
	Doc: `Strings in a JavaScript or TypeScript file — literal, assembled or decoded — point
at cryptocurrency mining:

- **critical**: a stratum URL (` + "`stratum+tcp://`" + `), a known mining-pool host, or a miner
  binary (xmrig, cpuminer, …) that the file starts;
- **high**: a miner name or miner flags (` + "`--donate-level`" + `, ` + "`-a rx/0`" + `), a Monero wallet
  address on its own, or a Bitcoin address handed to a process.

A skill that mines burns the user's CPU and electricity for someone else.

**Fix:** remove the miner.

Bad:

` + "```js" + `
spawn('./xmrig', ['-o', 'stratum+tcp://pool.supportxmr.com:3333', '-u', wallet]);
` + "```" + `

Good: a price ticker that only reads a public market-data API.`,
	Run: runJSCryptoMining,
})

var (
	jsStratumRx  = match.MustRx(`(?i)\bstratum\d?\+(tcp|ssl|tls)://`)
	jsMinerRx    = match.MustRx(`(?i)(^|[^a-z0-9])(xmrig|xmr-stak|cpuminer|ccminer|cgminer|bfgminer|minerd|ethminer|nbminer|phoenixminer|lolminer|t-rex|teamredminer|nanominer|srbminer|coinhive|cryptoloot)([^a-z0-9]|$)`)
	jsMinerFlags = match.MustRx(`(?i)(--donate-level|--coin[= ](monero|xmr)|--algo[= ](rx/0|cryptonight|randomx)|\s-a\s+(rx/0|cn/r))`)
	jsBtcRx      = match.MustRx(`^(bc1[ac-hj-np-z02-9]{39,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$`)
	jsMoneroRx   = match.MustRx(`\b4[0-9AB][1-9A-HJ-NP-Za-km-z]{93}\b`)
)

// jsStrings calls fn with every string value in the file: literals,
// template literals, and the results of decoders and concatenations that
// evaluate to constants.
func jsStrings(v *jsfacts.View, fn func(n ast.Expression, s string, decoded bool)) {
	v.EachNode(func(n ast.Node) {
		switch x := n.(type) {
		case *ast.StringLiteral:
			fn(x, x.Value.String(), false)
		case *ast.TemplateLiteral:
			if s, ok := v.Info.Str(x); ok {
				fn(x, s, false)
			}
		case *ast.BinaryExpression:
			if s, ok := v.Info.Str(x); ok {
				fn(x, s, false)
			}
		case *ast.CallExpression:
			if v.IsDecodeCall(x) || jsIsJoin(x) {
				if s, ok := v.Info.Str(x); ok {
					fn(x, s, true)
				}
			} else if dot, ok := x.Callee.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "toString" {
				if s, ok := v.Info.Str(x); ok && v.Info.Decoded(x) {
					fn(x, s, true)
				}
			}
		}
	})
}

func jsIsJoin(c *ast.CallExpression) bool {
	d, ok := c.Callee.(*ast.DotExpression)
	return ok && d.Identifier.Name.String() == "join"
}

func runJSCryptoMining(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	// miner binaries that the file starts
	started := map[ast.Node]bool{}
	for _, c := range v.Info.Calls() {
		if jsfacts.ChildProcessCall(v.Callee(c)) == "" {
			continue
		}
		for _, a := range c.ArgumentList {
			v.Info.Reach(a, func(x ast.Expression) bool { started[x] = true; return true })
		}
	}
	lines := map[int]bool{}
	jsStrings(v, func(n ast.Expression, s string, decoded bool) {
		sev, why := jsMiningSignal(s)
		if sev == 0 && started[n] && jsBtcRx.MatchString(s) {
			// a Bitcoin address alone is a donation link; handed to a
			// process it is a miner's payout address
			sev, why = High, "btc"
		}
		if sev == 0 {
			return
		}
		if why == "miner" && started[n] {
			sev = Critical
			why = "starts a miner binary"
		}
		start, _, ok := v.Prog.Range(n)
		if !ok {
			return
		}
		line := v.Pass.File.Pos(start).Line
		if lines[line] {
			return
		}
		lines[line] = true
		msg := jsMiningMessage(why, s)
		if decoded {
			msg += " (decoded)"
		}
		v.Report(n, sev, msg)
	})
	return nil
}

var jsMinerNames = []string{"xmrig", "xmr-stak", "cpuminer", "ccminer", "cgminer", "bfgminer", "minerd", "ethminer",
	"nbminer", "phoenixminer", "lolminer", "t-rex", "teamredminer", "nanominer", "srbminer", "coinhive", "cryptoloot"}

// jsMiningSignal checks one string. Cheap substring tests gate the regular
// expressions, so megabyte-long strings (search indexes, data blobs) cost
// one pass.
func jsMiningSignal(s string) (analyzer.Severity, string) {
	ls := strings.ToLower(s)
	if strings.Contains(ls, "stratum") && jsStratumRx.MatchString(s) {
		return Critical, "stratum"
	}
	if h := jsPoolHost(ls); h != "" {
		return Critical, "pool:" + h
	}
	for _, m := range jsMinerNames {
		if strings.Contains(ls, m) {
			if jsMinerRx.MatchString(s) {
				return High, "miner"
			}
			break
		}
	}
	if (strings.Contains(ls, "--donate") || strings.Contains(ls, "--coin") || strings.Contains(ls, "--algo") || strings.Contains(ls, " -a ")) && jsMinerFlags.MatchString(s) {
		return High, "flags"
	}
	if len(s) >= 95 && jsHasMoneroRun(s) {
		return High, "wallet"
	}
	return 0, ""
}

// jsPoolHost finds a host name of a mining pool in lower-case s.
func jsPoolHost(ls string) string {
	n := 0
	for i := 0; i < len(ls) && n < 4000; {
		for i < len(ls) && !jsIsHostByte(ls[i]) {
			i++
		}
		j := i
		for j < len(ls) && jsIsHostByte(ls[j]) {
			j++
		}
		if h := strings.Trim(ls[i:j], ".-"); strings.Contains(h, ".") {
			n++
			if intel.ClassifyHost(h) == intel.HostMiningPool {
				return h
			}
		}
		i = j
	}
	return ""
}

func jsIsHostByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-'
}

// jsHasMoneroRun looks for a 95-character base58 run starting with 4.
func jsHasMoneroRun(s string) bool {
	run := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && jsIsBase58(s[i]) {
			run++
			continue
		}
		if run == 95 && s[i-95] == '4' && jsMoneroRx.MatchString(s[i-95:i]) {
			return true
		}
		run = 0
	}
	return false
}

func jsIsBase58(c byte) bool {
	return c >= '1' && c <= '9' || c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' || c >= 'a' && c <= 'z' && c != 'l'
}

func jsMiningMessage(why, s string) string {
	switch {
	case why == "stratum":
		return "stratum mining-pool URL"
	case strings.HasPrefix(why, "pool:"):
		return fmt.Sprintf("mining pool host %s", strings.TrimPrefix(why, "pool:"))
	case why == "miner":
		return "miner program name " + strings.TrimSpace(jsMinerRx.FindString(s))
	case why == "flags":
		return "miner command-line flags"
	case why == "wallet":
		return "Monero wallet address"
	case why == "btc":
		return "Bitcoin wallet address passed to a process"
	}
	return why
}
