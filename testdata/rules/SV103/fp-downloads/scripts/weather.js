const fs = require('fs');
const { execFile } = require('child_process');

async function main() {
  const r = await fetch('https://api.weather.gov/points/39.7,-104.9');
  const data = await r.json();
  fs.writeFileSync('forecast.json', JSON.stringify(data, null, 2));
  execFile('git', ['add', 'README.md']);
  console.log(JSON.parse(fs.readFileSync('forecast.json', 'utf8')).properties);
}
main();
