package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellCryptoMining reports cryptocurrency miners started or fetched by
// commands.
var ShellCryptoMining = register(&analyzer.Rule{
	ID:       "SV720",
	Name:     "crypto-mining",
	Title:    "Command runs or installs a cryptocurrency miner",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-400", "CWE-506"},
	Inputs:   shellfacts.Inputs,
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
	Run: shRunCryptoMining,
})

var (
	shStratumRx    = match.MustRx(`(?i)stratum\d?\+(tcp|ssl|tls)://[^\s"']+|stratum://[^\s"']+`)
	shMoneroAddrRx = match.MustRx(`^[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}(\.[\w-]+)?$`)
	shBtcAddrRx    = match.MustRx(`^(bc1[02-9ac-hj-np-z]{25,62}|[13][1-9A-HJ-NP-Za-km-z]{25,34})(\.[\w-]+)?$`)
	shEthAddrRx    = match.MustRx(`^0x[0-9a-fA-F]{40}(\.[\w-]+)?$`)
	shMinerOptRx   = match.MustRx(`^(--donate-level|--randomx|--cpu-max-threads-hint|--coin=(?i:monero|xmr|wownero|raven|rvn|etc|ergo|zephyr|kaspa)\b|--algo=(rx|cn|randomx|kawpow|ethash|autolykos))`)
	// shMinerCoinRx: the coin after --coin that only a miner is told
	// (--coin BTC is also how price and news tools take a ticker)
	shMinerCoinRx = match.MustRx(`^(?i:monero|xmr|wownero|raven|rvn|etc|ergo|zephyr|kaspa)$`)
	shMinerDownRx = match.MustRx(`(?i)(xmrig|cpuminer|xmr-stak|lolminer|t-rex|nbminer|srbminer|teamredminer|gminer|nanominer)[^/\s]*\.(tar\.gz|tgz|zip|7z)|github\.com/xmrig/`)
)

func shMining(c *shell.Command) string {
	if intel.MinerPrograms[c.Name] || strings.HasPrefix(c.Name, "xmrig") {
		return "runs the miner " + c.Name
	}
	if shellfacts.IsDownloader(c) {
		for _, u := range shellfacts.URLs(c) {
			if shMinerDownRx.MatchString(u) {
				return "downloads a miner (" + shellfacts.ClipText(u, 80) + ")"
			}
		}
	}
	for i, w := range c.Argv {
		if i == 0 {
			continue
		}
		v := w.Value
		if m := shStratumRx.FindString(v); m != "" {
			return c.Name + " connects to the mining pool " + m
		}
		if strings.Contains(v, ".") { // a host name has a dot: most words are let go before parsing
			if _, cl := intel.URLClass(v); cl == intel.HostMiningPool {
				return c.Name + " connects to the mining pool " + v
			}
		}
		if shMinerOptRx.MatchString(v) || v == "--coin" && shMinerCoinRx.MatchString(c.Arg(i+1)) {
			return c.Name + " is given the miner option " + v
		}
		prev := c.Arg(i - 1)
		if prev == "-u" || prev == "--user" || prev == "--wallet" || prev == "-w" || prev == "--user=" {
			if shMoneroAddrRx.MatchString(v) || shBtcAddrRx.MatchString(v) || shEthAddrRx.MatchString(v) {
				return c.Name + " is given a wallet address (" + shellfacts.ClipText(v, 16) + ")"
			}
		}
	}
	return ""
}

func shRunCryptoMining(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		if what := shMining(c); what != "" {
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Message: "crypto mining: " + what + shellfacts.Where(site)})
		}
	})
}
