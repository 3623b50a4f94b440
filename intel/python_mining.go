package intel

import "github.com/skillvet/skillvet/parse/rxlit"

// MinerNameRx matches the names of common cryptocurrency miners and their
// tell-tale options, as they appear in commands, file names and URLs.
var MinerNameRx = rxlit.MustRx(`(?i)(\b|_)(xmrig|xmr-stak|xmrstak|cpuminer|minerd|ccminer|t-rex|lolminer|nbminer|phoenixminer|ethminer|cgminer|bfgminer|nanominer|srbminer|teamredminer|gminer|kawpowminer)(\b|_|\.|-)|--donate-level\b|--algo[= ]+(rx/0|randomx|cryptonight|kawpow|ethash)\b|\bcryptonight\b`)

// StratumRx matches mining pool protocol URLs.
var StratumRx = rxlit.MustRx(`(?i)\bstratum[0-9]?\+(tcp|ssl|tls|ws)://[^\s"']+`)

// MoneroAddressRx matches a standard or integrated Monero address.
var MoneroAddressRx = rxlit.MustRx(`\b[48][1-9A-HJ-NP-Za-km-z]{94}(?:[1-9A-HJ-NP-Za-km-z]{11})?\b`)
