import { readFileSync, writeFileSync } from 'node:fs';
import { launchBrowser, newShopperContext, openPage } from './tests/browser/browser';
const browser = await launchBrowser();
const context = await newShopperContext(browser);
const { page, errors } = await openPage(context, 'http://southern-lakes-motors.localhost:4390/contact');
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('load', () => console.log('load', Date.now()));
await page.waitForTimeout(1000);
const file = '/tmp/pv-root/dealers/southern-lakes-motors.json';
for (const n of [21, 22, 23]) {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  d.locations[0].contact_detail.phone = `03 442 77${n}`;
  const t = Date.now();
  writeFileSync(file, JSON.stringify(d, null, 2));
  try {
    await page.getByText(`(03) 442 77${n}`).filter({ visible: true }).first().waitFor({ timeout: 15000 });
    console.log('seen after', (Date.now() - t) / 1000);
  } catch (e) { console.log('not seen', String(e).slice(0, 300)); console.log(await page.locator('body').innerText().then(t => t.slice(0, 300))); }
}
console.log(errors);
await browser.close();
