// End to end: the built playground in headless Chromium (Debian's `chromium`), driven by
// playwright-core. Skipped with a notice when no browser is installed; .ci/run installs one.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { type Browser, launchChromium, missingBrowser } from '../../playground/browser.js';
import { type BuildResult, buildPlayground } from '../../playground/build.js';
import { type Serving, serveFolder } from '../../playground/serve.js';
import { encodeFragment } from '../../playground/share.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const SKIP = missingBrowser() ?? false;
if (SKIP) console.log(`# NOTICE: playground browser tests skipped: ${SKIP}`);

// Quotes, an unquoted key, a Python literal, a trailing comma and prose around the value.
const DAMAGED = `Here you go:\n{'name': 'Ada', age: "42", "tags": ["x", "y",], "active": True}\nAnything else?`;
const VALUE = { name: 'Ada', age: '42', tags: ['x', 'y'], active: true };

let built: BuildResult;
let serving: Serving | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
const requests: string[] = [];
const pageErrors: string[] = [];

async function text(selector: string): Promise<string> {
  return (await page.locator(selector).textContent()) ?? '';
}

async function valueShown(): Promise<unknown> {
  return JSON.parse(await text('#value'));
}

describe('playground bundle', () => {
  before(async () => {
    built = await buildPlayground(join(OUTPUT, 'playground-dist'));
    console.log(`# playground bundle: playground.js ${built.bytes.script} bytes, total ${built.bytes.total} bytes`);
  });

  test('the page script imports no node: module and asks for nothing over the network', async () => {
    const script = await readFile(join(built.outDir, 'playground.js'), 'utf8');
    assert.doesNotMatch(script, /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']node:/);
    assert.doesNotMatch(script, /\bimport\s*["']/);
    const html = await readFile(join(built.outDir, 'index.html'), 'utf8');
    assert.match(html, /connect-src 'none'/);
    assert.doesNotMatch(html, /(?:src|href)="(?:https?:)?\/\//);
  });
});

describe('playground in Chromium', { skip: SKIP }, () => {
  before(async () => {
    built ??= await buildPlayground(join(OUTPUT, 'playground-dist'));
    serving = await serveFolder(built.outDir);
    browser = await launchChromium();
    context = browser.context;
    context.on('request', (request) => requests.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  });

  after(async () => {
    await browser?.close();
    await serving?.close();
  });

  test('a damaged reply in the URL fragment shows its value and one #repairs item per repair', async () => {
    await page.goto(serving!.url + encodeFragment({ reply: DAMAGED, schema: '' }));
    await page.waitForFunction(() => document.querySelector('#value')?.textContent?.includes('"Ada"'));
    assert.equal(await page.locator('#reply').inputValue(), DAMAGED);
    assert.deepEqual(await valueShown(), VALUE);
    const items = await page.locator('#repairs li').allTextContents();
    const kinds = ['surrounding_text', 'single_quotes', 'single_quotes', 'unquoted_key', 'trailing_comma', 'python_literal'];
    assert.equal(items.length, kinds.length, items.join('\n'));
    for (const kind of kinds) assert.ok(items.some((item) => item.startsWith(kind)), `${kind} in ${items.join(' | ')}`);
    assert.ok(items.some((item) => /python_literal at 2:\d+ — True → true/.test(item)), items.join('\n'));
    assert.match(await text('#candidates li.chosen'), /chosen/);
    assert.equal(await page.locator('#error').isHidden(), true);
  });

  test('a repair mark shows kind, line:column and before → after when focused from the keyboard', async () => {
    await page.locator('#repairs li', { hasText: 'python_literal' }).press('Enter');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    assert.equal(focused, 'True');
    assert.match(await text('#repair-detail'), /python_literal at 2:\d+ — True → true/);
  });

  test('a typed schema shows a schema repair with its JSON Pointer path, and travels in the link', async () => {
    await page.locator('#schema').click();
    await page.keyboard.type('{"type": "object", "properties": {"age": {"type": "integer"}}}');
    await page.waitForFunction(() => document.querySelector('#repairs')?.textContent?.includes('string_to_integer'));
    assert.ok((await page.locator('#repairs li').allTextContents()).includes('string_to_integer at /age — "42" → 42'));
    assert.deepEqual(await valueShown(), { ...VALUE, age: 42 });
    assert.match(new URL(page.url()).hash, /&schema=/);
  });

  test('a schema the value cannot meet shows SCHEMA_MISMATCH, its path and the feedback', async () => {
    await page.locator('#schema').fill('{"type": "object", "required": ["email"]}');
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('#error')?.hidden);
    assert.match(await text('#error'), /SCHEMA_MISMATCH/);
    assert.match(await text('#error'), /\/email/);
    assert.match(await text('#feedback'), /^The JSON does not match the required schema/);
    await page.locator('#schema').fill('');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#error')?.hidden);
  });

  test('stream replay in chunks shows the snapshot and the deltas growing to the value', async () => {
    await page.locator('#chunk-size').fill('7');
    await page.locator('#delay').fill('0');
    await page.locator('#step').click();
    assert.match(await text('#stream-status'), /^chunk 1: 7\//);
    await page.locator('#replay').click();
    await page.waitForFunction(() => document.querySelector('#stream-status')?.textContent?.startsWith('done'));
    assert.match(await text('#stream-status'), /^done: end\(\) returned the value after \d+ chunks/);
    assert.deepEqual(JSON.parse(await text('#stream-snapshot')), VALUE);
    const deltas = await page.locator('#stream-deltas li').allTextContents();
    assert.ok(deltas.length > 5, deltas.join('\n'));
    assert.ok(deltas.some((d) => /^#\d+ (?:add|append|set) \/name /.test(d)), deltas.join('\n'));
    // The reply opens with prose: only end() can tell that nothing after the value is the answer.
    assert.ok(deltas.some((d) => /^end complete \(root\)$/.test(d)), deltas.join('\n'));
  });

  test('the path box runs get, JSONPath query and verify on the value', async () => {
    await page.locator('#path-mode').selectOption('get');
    await page.locator('#path').fill('tags[-1]');
    assert.equal(await text('#path-result'), '"y"');
    await page.locator('#path-mode').selectOption('query');
    await page.locator('#path').fill('$.tags[*]');
    assert.deepEqual(JSON.parse(await text('#path-result')), ['x', 'y']);
    await page.locator('#path-mode').selectOption('verify');
    await page.locator('#claim').fill('{"mode": "field", "path": "name", "value": "Ada"}');
    assert.match(await text('#path-result'), /^All 1 claim verified\./);
  });

  test('an unreadable reply shows the JsonMendError code and marks its position', async () => {
    await page.locator('#reply').fill('{"a": 1 @}');
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('#error')?.hidden);
    assert.match(await text('#error'), /UNREPAIRABLE/);
    assert.match(await text('#error'), /line 1, column 9, offset 8/);
    assert.equal(await text('#reply-view mark.error-at'), '@');
    assert.equal(await text('#value'), '');
  });

  test('an example is one click away, the page follows the colour scheme, and the screenshot is stored under test-output', async () => {
    await page.locator('#examples button', { hasText: 'reply.txt + schema.json' }).click();
    assert.equal((await valueShown() as { customer: string }).customer, 'Ada Lovelace');
    await page.locator('#chunk-size').fill('24');
    await page.locator('#replay').click();
    await page.waitForFunction(() => document.querySelector('#stream-status')?.textContent?.startsWith('done'));
    const background = (): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.notEqual(await background(), light, 'prefers-color-scheme: dark changes the colours');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await background(), light);
    await mkdir(OUTPUT, { recursive: true });
    const file = join(OUTPUT, 'playground.png');
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(existsSync(file));
  });

  test('"Copy repaired JSON" puts the value on the clipboard; a new link in the address bar loads its case', async () => {
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(serving!.url).origin });
    await page.locator('#copy').click();
    await page.waitForFunction(() => document.querySelector('#action-status')?.textContent === 'Repaired JSON copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await text('#value'));
    await page.evaluate((hash) => (location.hash = hash), encodeFragment({ reply: '[1, 2,', schema: '' }));
    await page.waitForFunction(() => document.querySelector('#value')?.textContent?.replace(/\s/g, '') === '[1,2]');
    assert.equal(await page.locator('#reply').inputValue(), '[1, 2,');
  });

  test('the page loaded nothing but its own files from the local server, and raised no error', () => {
    const origin = new URL(serving!.url).origin;
    assert.ok(requests.length >= 3, requests.join('\n'));
    const foreign = requests.filter((url) => new URL(url).origin !== origin);
    assert.deepEqual(foreign, []);
    assert.deepEqual(requests.filter((url) => url.startsWith('node:') || url.includes('/node:')), []);
    assert.deepEqual(pageErrors, []);
  });

  test('the built folder works opened from disk (file://), with no server at all', async () => {
    const offline = await context!.newPage();
    try {
      await offline.goto(pathToFileURL(join(built.outDir, 'index.html')).href + encodeFragment({ reply: "{a: 'b'}", schema: '' }));
      await offline.waitForFunction(() => document.querySelector('#value')?.textContent?.includes('"b"'));
      assert.equal((await offline.locator('#repairs li').allTextContents()).length, 2);
    } finally {
      await offline.close();
    }
  });
});
