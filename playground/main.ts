// The playground page: wires the inputs to the library and redraws on every change.
import examples, { type Example } from 'playground:examples';
import { type Analysis, type SchemaInput, analyse, readSchema } from './analyse.js';
import { byId, el, pretty } from './dom.js';
import { updatePathBox } from './path-box.js';
import { render } from './render.js';
import { decodeFragment, encodeFragment } from './share.js';
import { StreamReplay } from './stream-replay.js';

const reply = byId<HTMLTextAreaElement>('reply');
const schemaBox = byId<HTMLTextAreaElement>('schema');
const replay = new StreamReplay();
let current: Analysis | undefined;
let schemaInput: SchemaInput = { kind: 'none' };
let pending: ReturnType<typeof setTimeout> | undefined;

function schemaOf(input: SchemaInput): Parameters<StreamReplay['load']>[1] {
  return input.kind === 'schema' ? input.schema : undefined;
}

/** Reads both boxes, analyses the reply and redraws everything; the link follows the boxes. */
function refresh(): void {
  pending = undefined;
  schemaInput = readSchema(schemaBox.value);
  byId('schema-status').textContent =
    schemaInput.kind === 'invalid' ? `Schema not used: ${schemaInput.message}` : schemaInput.kind === 'schema' ? 'Schema in use.' : '';
  current = analyse(reply.value, schemaInput);
  render(reply.value, current);
  updatePathBox(current.ok ? current.value : undefined);
  replay.stop();
  updateLink();
}

/** Links longer than this are not written to the address bar (browsers cap URL length near 2 MB). */
const MAX_LINK = 200_000;

/** The address bar follows the boxes, so the page's URL always reproduces what is shown. */
function updateLink(): void {
  const fragment = encodeFragment({ reply: reply.value, schema: schemaBox.value });
  const fits = fragment.length <= MAX_LINK;
  try {
    history.replaceState(null, '', fits ? fragment : location.pathname);
  } catch {
    // a browser that refuses the URL: the page still works, only the link is stale
  }
  byId('share').toggleAttribute('disabled', !fits);
  byId('share').title = fits ? '' : 'This reply is too long to share in a link.';
}

function schedule(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(refresh, 150);
}

function loadExample(example: Example): void {
  reply.value = example.reply;
  schemaBox.value = example.schema;
  if (example.claim !== '') {
    byId<HTMLTextAreaElement>('claim').value = example.claim;
    byId<HTMLSelectElement>('path-mode').value = 'verify';
  }
  refresh();
}

/** Loads the case a link carries; false when the fragment carries none. */
function loadFragment(): boolean {
  const state = decodeFragment(location.hash);
  if (state === undefined) return false;
  reply.value = state.reply;
  schemaBox.value = state.schema;
  refresh();
  return true;
}

function say(text: string): void {
  byId('action-status').textContent = text;
}

/** Clipboard API where the page may use it, else the selection-and-copy fallback (file:// pages). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el('textarea', { class: 'offscreen', 'aria-hidden': 'true' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function setUp(): void {
  const list = byId('examples');
  for (const example of examples) {
    const button = el('button', { type: 'button' }, example.name);
    button.addEventListener('click', () => loadExample(example));
    list.append(el('li', {}, button));
  }
  reply.addEventListener('input', schedule);
  schemaBox.addEventListener('input', schedule);
  reply.addEventListener('dragover', (event) => event.preventDefault());
  reply.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (file === undefined) return; // plain dropped text: the textarea inserts it and fires input
    event.preventDefault();
    void file.text().then((text) => {
      reply.value = text;
      refresh();
    });
  });
  const path = (): void => updatePathBox(current?.ok ? current.value : undefined);
  for (const id of ['path-mode', 'path', 'claim']) byId(id).addEventListener('input', path);
  byId('copy').addEventListener('click', () => {
    if (!current?.ok) return say('Nothing to copy: the reply gave no value.');
    void copyText(pretty(current.value)).then((ok) => say(ok ? 'Repaired JSON copied.' : 'Copy failed; select the value and copy it.'));
  });
  byId('share').addEventListener('click', () => {
    void copyText(location.href).then((ok) => say(ok ? 'Link copied: it holds the reply and the schema.' : 'Copy the address bar: it holds the reply and the schema.'));
  });
  byId('replay').addEventListener('click', () => replay.play(reply.value, schemaOf(schemaInput)));
  byId('step').addEventListener('click', () => {
    replay.stop();
    if (!replay.active) replay.load(reply.value, schemaOf(schemaInput));
    replay.next();
  });
  byId('stop').addEventListener('click', () => replay.stop());
  window.addEventListener('hashchange', loadFragment);
  if (!loadFragment() && examples.length > 0) loadExample(examples[0]);
}

setUp();
