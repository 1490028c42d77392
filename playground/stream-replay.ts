// Stream replay: the reply pushed through createStreamParser in chunks of a chosen size, showing the
// snapshot and the deltas after each push, then what end() returns.
import { type Delta, JsonMendError, type JsonSchema, type StreamParser, createStreamParser, jsonSchemaValidator } from '../src/index.js';
import { byId, el, pretty, short } from './dom.js';

function deltaLine(d: Delta): string {
  const path = d.path === '' ? '(root)' : d.path;
  switch (d.op) {
    case 'append':
      return `append ${path} ${short(d.text)}`;
    case 'complete':
      return `complete ${path}`;
    default:
      return `${d.op} ${path} ${short(d.value)}`;
  }
}

/** One replay in progress; a new replay or Stop ends it. */
export class StreamReplay {
  private parser: StreamParser | undefined;
  private text = '';
  private pushed = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private step = 0;

  /** True while a replay has chunks left to push (or end() left to call). */
  get active(): boolean {
    return this.parser !== undefined;
  }

  /** Sets up a replay of `text` (with `schema`, when given) without pushing anything. */
  load(text: string, schema: JsonSchema | boolean | undefined): void {
    this.stop();
    this.parser = createStreamParser(schema === undefined ? { deltas: true } : { deltas: true, schema, validator: jsonSchemaValidator() });
    this.text = text;
    this.pushed = 0;
    this.step = 0;
    byId('stream-deltas').replaceChildren();
    byId('stream-snapshot').textContent = '';
    byId('stream-text').replaceChildren();
    this.status(`ready: ${text.length} characters`);
  }

  /** Pushes every chunk, one per `delay` milliseconds. */
  play(text: string, schema: JsonSchema | boolean | undefined): void {
    this.load(text, schema);
    const tick = (): void => {
      if (this.next()) this.timer = setTimeout(tick, this.delay());
    };
    tick();
  }

  /** Pushes one chunk (starting a replay when none is loaded); false once the stream has ended. */
  next(): boolean {
    const parser = this.parser;
    if (parser === undefined) return false;
    if (this.pushed >= this.text.length) return this.finish(parser);
    const chunk = this.text.slice(this.pushed, this.pushed + this.chunkSize());
    this.step++;
    let snapshot;
    try {
      snapshot = parser.push(chunk);
    } catch (error) {
      this.fail(error);
      return false;
    }
    this.pushed += chunk.length;
    const shown = byId('stream-text');
    shown.replaceChildren(this.text.slice(0, this.pushed - chunk.length), el('mark', { class: 'chunk' }, chunk));
    shown.scrollTop = shown.scrollHeight; // the latest chunk is at the end
    const deltas = byId('stream-deltas');
    byId('stream-snapshot').textContent = pretty(snapshot.value);
    for (const d of snapshot.deltas ?? []) deltas.append(el('li', { 'data-step': String(this.step) }, `#${this.step} ${deltaLine(d)}`));
    for (const r of snapshot.repairs) deltas.append(el('li', { class: 'repair-note' }, `#${this.step} repair ${r.kind} at ${r.line}:${r.column}`));
    deltas.scrollTop = deltas.scrollHeight;
    const note = snapshot.error ? `; stalled: ${snapshot.error.code}` : snapshot.complete ? '; complete' : '';
    this.status(`chunk ${this.step}: ${this.pushed}/${this.text.length} characters pushed${note}`);
    return true;
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private finish(parser: StreamParser): boolean {
    this.parser = undefined;
    try {
      const value = parser.end();
      byId('stream-snapshot').textContent = pretty(value);
      // end()'s own snapshot: the root's completion when only the whole reply could tell, and the
      // repairs only the whole reply's reading made.
      const last = parser.snapshot;
      const deltas = byId('stream-deltas');
      for (const d of last.deltas ?? []) deltas.append(el('li', { 'data-step': 'end' }, `end ${deltaLine(d)}`));
      for (const r of last.repairs) deltas.append(el('li', { class: 'repair-note' }, `end repair ${r.kind} at ${r.line}:${r.column}`));
      deltas.scrollTop = deltas.scrollHeight;
      this.status(`done: end() returned the value after ${this.step} chunks`);
    } catch (error) {
      this.fail(error);
    }
    return false;
  }

  private fail(error: unknown): void {
    this.parser = undefined;
    const code = error instanceof JsonMendError ? error.code : 'ERROR';
    this.status(`done: ${code} ${error instanceof Error ? error.message : String(error)}`);
  }

  private status(text: string): void {
    byId('stream-status').textContent = text;
  }

  private chunkSize(): number {
    const n = Number(byId<HTMLInputElement>('chunk-size').value);
    return Number.isInteger(n) && n >= 1 ? n : 1;
  }

  private delay(): number {
    const n = Number(byId<HTMLInputElement>('delay').value);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  }
}
