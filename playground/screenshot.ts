// Takes the README's screenshot (docs/playground.png): the shipped reply with order_id written as a
// string, so text repairs and a schema repair both show, after a stream replay.
// `node --import tsx playground/screenshot.ts [file]` (needs Chromium; see browser.ts).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OUT_DIR, buildPlayground } from './build.js';
import { launchChromium } from './browser.js';
import { serveFolder } from './serve.js';

const file = process.argv[2] === undefined ? fileURLToPath(new URL('../docs/playground.png', import.meta.url)) : resolve(process.argv[2]);
const built = await buildPlayground(DEFAULT_OUT_DIR);
const serving = await serveFolder(built.outDir);
const browser = await launchChromium({ height: 980 });
try {
  const page = await browser.context.newPage();
  await page.goto(serving.url);
  await page.locator('#reply').fill((await page.locator('#reply').inputValue()).replace('48213', '"48213"'));
  await page.waitForFunction(() => document.querySelector('#repairs')?.textContent?.includes('string_to_integer'));
  await page.locator('#chunk-size').fill('24');
  await page.locator('#delay').fill('0');
  await page.locator('#replay').click();
  await page.waitForFunction(() => document.querySelector('#stream-status')?.textContent?.startsWith('done'));
  await page.locator('#repairs li', { hasText: 'python_literal' }).press('Enter');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file });
  console.log(`screenshot written to ${file}`);
} finally {
  await browser.close();
  await serving.close();
}
