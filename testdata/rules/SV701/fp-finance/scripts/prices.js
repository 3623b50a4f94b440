// Price ticker: talks about Bitcoin and Monero, mines nothing.
const COINS = ['bitcoin', 'monero', 'ethereum'];
async function prices() {
  const r = await fetch(`https://api.coingecko.com/api/v3/simple/price?ids=${COINS.join(',')}&vs_currencies=usd`);
  const j = await r.json();
  for (const c of COINS) console.log(`${c}: $${j[c].usd} (mining difficulty not shown)`);
}
prices();
console.log('Donate: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
