import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';

const urls = process.argv.slice(2);
if (!urls.length) {
  console.error('usage: audit.mjs URL...');
  process.exit(2);
}

const browser = await chromium.launch();
const page = await browser.newPage();
for (const url of urls) {
  await page.goto(url, { waitUntil: 'networkidle' });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  console.log(`\n${url}: ${violations.length} rules violated`);
  for (const v of violations) {
    console.log(`- [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help}\n  e.g. ${v.nodes[0].target.join(' ')}`);
  }
}
await browser.close();
