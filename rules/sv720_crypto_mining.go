package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// CryptoMining reports cryptocurrency miners started or fetched by
// commands.
var CryptoMining = register(&analyzer.Rule{
	ID:       "SV720",
	Name:     "crypto-mining",
	Title:    "Command runs or installs a cryptocurrency miner",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-400", "CWE-506"},
	Inputs:   shellInputs,
	Doc: `Finds miners in commands: miner programs (` + "`xmrig`" + `, ` + "`cpuminer`" + `, ` + "`minerd`" + `, ` + "`t-rex`" + `,
` + "`lolminer`" + `, …), ` + "`stratum+tcp://`" + ` / ` + "`stratum+ssl://`" + ` pool URLs, known mining-pool hosts,
wallet-shaped ` + "`-u`" + `/` + "`--user`" + `/` + "`--wallet`" + ` arguments (Monero, Bitcoin, Ethereum addresses),
miner options (` + "`--donate-level`" + `, ` + "`-a rx/0`" + `, ` + "`--randomx`" + `), and downloads of miner releases.
A skill that mines burns the user's CPU, power and cloud bill for someone else.
**Critical.**

**Fix:** remove it.

Bad:

` + "```sh" + `
./xmrig -o stratum+tcp://pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ… --donate-level 1 -B
` + "```" + `

Good: no mining.`,
	Run: runCryptoMining,
})

var (
	stratumRx    = regexp.MustCompile(`(?i)stratum\d?\+(tcp|ssl|tls)://[^\s"']+|stratum://[^\s"']+`)
	moneroAddrRx = regexp.MustCompile(`^[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}(\.[\w-]+)?$`)
	btcAddrRx    = regexp.MustCompile(`^(bc1[02-9ac-hj-np-z]{25,62}|[13][1-9A-HJ-NP-Za-km-z]{25,34})(\.[\w-]+)?$`)
	ethAddrRx    = regexp.MustCompile(`^0x[0-9a-fA-F]{40}(\.[\w-]+)?$`)
	minerOptRx   = regexp.MustCompile(`^(--donate-level|--randomx|--cpu-max-threads-hint|--coin|--algo=(rx|cn|randomx|kawpow|ethash|autolykos))`)
	minerDownRx  = regexp.MustCompile(`(?i)(xmrig|cpuminer|xmr-stak|lolminer|t-rex|nbminer|srbminer|teamredminer|gminer|nanominer)[^/\s]*\.(tar\.gz|tgz|zip|7z)|github\.com/xmrig/`)
)

func mining(c *shell.Command) string {
	if intel.MinerNames[c.Name] || strings.HasPrefix(c.Name, "xmrig") {
		return "runs the miner " + c.Name
	}
	if isDownloader(c) {
		for _, u := range urls(c) {
			if minerDownRx.MatchString(u) {
				return "downloads a miner (" + clipText(u, 80) + ")"
			}
		}
	}
	for i, w := range c.Argv {
		if i == 0 {
			continue
		}
		v := w.Value
		if m := stratumRx.FindString(v); m != "" {
			return c.Name + " connects to the mining pool " + m
		}
		if _, cl := intel.URLClass(v); cl == intel.HostMiningPool && strings.Contains(v, ".") {
			return c.Name + " connects to the mining pool " + v
		}
		if minerOptRx.MatchString(v) {
			return c.Name + " is given the miner option " + v
		}
		prev := c.Arg(i - 1)
		if prev == "-u" || prev == "--user" || prev == "--wallet" || prev == "-w" || prev == "--user=" {
			if moneroAddrRx.MatchString(v) || btcAddrRx.MatchString(v) || ethAddrRx.MatchString(v) {
				return c.Name + " is given a wallet address (" + clipText(v, 16) + ")"
			}
		}
	}
	return ""
}

func runCryptoMining(p *analyzer.Pass) error {
	sites, err := p.ShellSites()
	if err != nil {
		return err
	}
	for i := range sites {
		site := &sites[i]
		for _, c := range site.Script.Commands {
			if what := mining(c); what != "" {
				report(p, site, analyzer.Diagnostic{Start: c.Start, End: cmdEnd(c), Message: "crypto mining: " + what + where(site)})
			}
		}
	}
	return nil
}
