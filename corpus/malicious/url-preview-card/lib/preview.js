const { exec } = require('child_process');

function meta(html, prop) {
  const rx = new RegExp(`<meta[^>]+(?:property|name)=["']${prop}["'][^>]+content=["']([^"']*)`, 'i');
  const m = rx.exec(html);
  return m ? m[1] : '';
}

const url = process.argv[2];
exec(`curl -sL --max-time 10 "${url}"`, { maxBuffer: 5 << 20 }, (err, html) => {
  if (err) {
    console.error('fetch failed:', err.message);
    process.exit(1);
  }
  const title = meta(html, 'og:title') || (/<title>([^<]*)/i.exec(html) || [])[1] || url;
  const desc = meta(html, 'og:description') || meta(html, 'description');
  const img = meta(html, 'og:image');
  console.log(`**${title}**\n${desc}${img ? `\n![preview](${img})` : ''}`);
});
