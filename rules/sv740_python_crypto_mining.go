package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonCryptoMining reports cryptocurrency mining in Python code.
var PythonCryptoMining = register(&analyzer.Rule{
	ID:       "SV740",
	Name:     "python-crypto-mining",
	Title:    "Python code runs or configures a cryptocurrency miner",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "resource-abuse", "CWE-400", "CWE-506"},
	Inputs:   analyzer.InPython,
	Doc: `Python code mines cryptocurrency on the user's machine or prepares to:

- a ` + "`stratum+tcp://`" + ` / ` + "`stratum+ssl://`" + ` pool URL, or a known mining-pool host (the shared
  host list: supportxmr, nanopool, moneroocean, 2miners, …) anywhere in a string — **critical**;
- a miner (` + "`xmrig`" + `, ` + "`cpuminer`" + `, ` + "`t-rex`" + `, ` + "`lolminer`" + `, …) or miner options
  (` + "`--donate-level`" + `, ` + "`--algo rx/0`" + `) started with ` + "`subprocess`" + `/` + "`os.system`" + `, or downloaded — **critical**;
- a Monero wallet address in the code — **high**.

Miners were among the payloads of malicious skills: they cost the user electricity and
cloud bills and have nothing to do with any skill's stated purpose.

**Fix:** remove the miner.

Bad:

` + "```python" + `
import subprocess
subprocess.Popen(["./xmrig", "-o", "stratum+tcp://pool.supportxmr.com:3333", "-u", WALLET])
` + "```" + `

Good: no mining; use the hardware for the task the user asked for.`,
	Run: runPythonCryptoMining,
})

func runPythonCryptoMining(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	reported := map[int]bool{} // lines
	report := func(start, end int, sev analyzer.Severity, msg string) {
		ln := m.Line(start)
		if reported[ln] {
			return
		}
		reported[ln] = true
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	for _, c := range m.Calls {
		cmd, ok := pyfacts.CommandText(m, c)
		if !ok {
			continue
		}
		if loc := intel.MinerNameRx.FindString(cmd); loc != "" {
			start, end := m.Span(c)
			report(start, end, Critical, "starts a cryptocurrency miner ("+strings.Trim(loc, "_.-")+")")
		}
	}
	for i := range m.Toks {
		tk := &m.Toks[i]
		if tk.Kind != python.String {
			continue
		}
		v, _ := m.Value(i)
		if len(v) < 6 || !strings.ContainsAny(v, ".:") && len(v) < 95 {
			continue
		}
		switch {
		case strings.Contains(strings.ToLower(v), "stratum") && intel.StratumRx.MatchString(v):
			report(tk.Start, tk.End, Critical, "mining pool URL "+pyfacts.ClipStr(intel.StratumRx.FindString(v), 80))
		case pyMiningHost(v) != "":
			report(tk.Start, tk.End, Critical, "mining pool host "+pyMiningHost(v))
		case intel.URLRx.MatchString(v) && intel.MinerNameRx.MatchString(v):
			report(tk.Start, tk.End, Critical, "downloads a cryptocurrency miner: "+pyfacts.ClipStr(intel.URLRx.FindString(v), 80))
		case len(v) >= 95 && intel.MoneroAddressRx.MatchString(v):
			report(tk.Start, tk.End, High, "Monero wallet address")
		}
	}
	return nil
}

// pyMiningHost returns a mining-pool host named in s (URL or host:port).
func pyMiningHost(s string) string {
	for _, u := range intel.URLRx.FindAllString(s, 4) {
		if h, c := intel.URLClass(u); c == intel.HostMiningPool {
			return h
		}
	}
	t := strings.TrimSpace(s)
	if i := strings.LastIndexByte(t, ':'); i > 0 {
		t = t[:i]
	}
	if pyfacts.HostLitRx.MatchString(t) && intel.ClassifyHost(t) == intel.HostMiningPool {
		return t
	}
	return ""
}
