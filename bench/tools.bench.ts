// Tool calls while a reply streams: the text stream (createToolCallStream) and the provider-delta
// multiplexer (createToolCallDeltaMux), each at 1× and 4× the input, next to the re-parse-everything
// baseline (run extractToolCalls / parseToolArguments on the accumulated text after every chunk, as
// agent frameworks do). Target: 4× the input ≤ 5× the time for both streams.
import { createToolCallDeltaMux, createToolCallStream, extractToolCalls, parseToolArguments } from '../dist/index.js';
import { seededRandom, timeInterleaved } from './harness.js';

const WORDS = 'the weather in city report search query file path read write agent tool call result value'.split(' ');
const tools = [
  { name: 'get_weather', schema: { type: 'object', properties: { location: { type: 'string' }, days: { type: 'integer' } }, required: ['location'] } },
  { name: 'web_search', schema: { type: 'object', properties: { query: { type: 'string' }, notes: { type: 'array', items: { type: 'string' } } }, required: ['query'] } },
];

/** A reply of about `bytes`: prose and tool calls in four formats, each call's arguments a few hundred bytes. */
function reply(bytes: number, seed: number): string {
  const rnd = seededRandom(seed);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  let out = '';
  for (let k = 0; out.length < bytes; k++) {
    out += `${words(12)}.\n`;
    const args = JSON.stringify({ query: words(8), notes: Array.from({ length: 6 }, () => words(6)) });
    switch (k % 4) {
      case 0: out += `<tool_call>\n{"name": "web_search", "arguments": ${args}}\n</tool_call>\n`; break;
      case 1: out += `<|start|>assistant<|channel|>commentary to=functions.web_search <|constrain|>json<|message|>${args}<|call|>\n`; break;
      case 2: out += `<｜tool▁call▁begin｜>web_search<｜tool▁sep｜>${args}<｜tool▁call▁end｜>\n`; break;
      default: out += `<tool_call>\n<function=get_weather>\n<parameter=location>\n${words(3)}\n</parameter>\n<parameter=days>\n${k % 9}\n</parameter>\n</function>\n</tool_call>\n`;
    }
  }
  return out;
}

/** One call whose arguments alone are about `bytes` (a long list of notes). */
function bigCall(bytes: number, seed: number): string {
  const rnd = seededRandom(seed);
  const notes: string[] = [];
  let size = 0;
  while (size < bytes) {
    const note = Array.from({ length: 10 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
    notes.push(note);
    size += note.length + 4;
  }
  return `<tool_call>\n{"name": "web_search", "arguments": ${JSON.stringify({ query: 'big', notes })}}\n</tool_call>`;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function textStream(parts: readonly string[]): unknown {
  const s = createToolCallStream({ tools });
  let n = 0;
  for (const p of parts) n += s.push(p).length;
  return [n, s.end()];
}

/** The baseline: extractToolCalls on everything so far, after every chunk. */
function textReparse(parts: readonly string[]): unknown {
  let acc = '';
  let last: unknown;
  for (const p of parts) {
    acc += p;
    try {
      last = extractToolCalls(acc, { tools });
    } catch {
      // a call cut off by the chunk end: try again after the next chunk
    }
  }
  return last;
}

/** Two OpenAI-style calls interleaved, their arguments in 4-character deltas. */
function deltaParts(argsA: string, argsB: string): Array<{ index: number; name?: string; arguments: string }> {
  const out: Array<{ index: number; name?: string; arguments: string }> = [{ index: 0, name: 'web_search', arguments: '' }, { index: 1, name: 'web_search', arguments: '' }];
  for (let i = 0; i < Math.max(argsA.length, argsB.length); i += 4) {
    if (i < argsA.length) out.push({ index: 0, arguments: argsA.slice(i, i + 4) });
    if (i < argsB.length) out.push({ index: 1, arguments: argsB.slice(i, i + 4) });
  }
  return out;
}

function deltaMux(parts: ReadonlyArray<{ index: number; name?: string; arguments: string }>): unknown {
  const mux = createToolCallDeltaMux({ tools });
  let n = 0;
  for (const d of parts) n += mux.push(d).length;
  return [n, mux.end()];
}

/** The baseline: parseToolArguments on the accumulated arguments of the call that just grew. */
function deltaReparse(parts: ReadonlyArray<{ index: number; name?: string; arguments: string }>): unknown {
  const acc = ['', ''];
  let last: unknown;
  for (const d of parts) {
    acc[d.index] += d.arguments;
    try {
      last = parseToolArguments(acc[d.index]);
    } catch {
      // not readable yet
    }
  }
  return last;
}

function argsOf(bytes: number, seed: number): string {
  const text = bigCall(bytes, seed);
  return text.slice(text.indexOf('"arguments": ') + 13, text.lastIndexOf('}'));
}

const SMALL = 50_000;
const many1 = chunks(reply(SMALL, 3), 4);
const many4 = chunks(reply(4 * SMALL, 3), 4);
const big1 = chunks(bigCall(SMALL, 5), 4);
const big4 = chunks(bigCall(4 * SMALL, 5), 4);
const mux1 = deltaParts(argsOf(SMALL / 2, 7), argsOf(SMALL / 2, 8));
const mux4 = deltaParts(argsOf(2 * SMALL, 7), argsOf(2 * SMALL, 8));

const [tMany1, tMany4, tBig1, tBig4, tMux1, tMux4] = timeInterleaved([
  () => textStream(many1), () => textStream(many4), () => textStream(big1), () => textStream(big4), () => deltaMux(mux1), () => deltaMux(mux4),
], 12_000);

// The baselines are quadratic: measured once each on 1/16 and 1/4 of the 1× input (4× apart).
function once(run: () => unknown): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}
const sixteenth = <T>(xs: readonly T[]) => xs.slice(0, xs.length >> 4);
const quarter = <T>(xs: readonly T[]) => xs.slice(0, xs.length >> 2);
const reMany16 = once(() => textReparse(sixteenth(many1)));
const reMany4 = once(() => textReparse(quarter(many1)));
const reBig16 = once(() => textReparse(sixteenth(big1)));
const reBig4 = once(() => textReparse(quarter(big1)));
const reMux16 = once(() => deltaReparse(sixteenth(mux1)));
const reMux4 = once(() => deltaReparse(quarter(mux1)));

const line = (label: string, a: number, b: number, note = '') =>
  console.log(`  ${label.padEnd(58)} ${a.toFixed(1).padStart(9)} ms → ${b.toFixed(1).padStart(9)} ms   4× input = ${(b / a).toFixed(2).padStart(5)}× time ${note}`);
console.log(`\ninputs: ${(SMALL / 1000).toFixed(0)} KB and ${(4 * SMALL / 1000).toFixed(0)} KB, 4-character chunks (median ms of interleaved runs; target 4× input ≤ 5× time)`);
line(`text stream, many calls (${many1.length} → ${many4.length} chunks)`, tMany1, tMany4, tMany4 / tMany1 <= 5 ? 'ok' : 'OVER TARGET');
line('text stream, one big call', tBig1, tBig4, tBig4 / tBig1 <= 5 ? 'ok' : 'OVER TARGET');
line(`delta multiplexer, two interleaved calls (${mux1.length} → ${mux4.length} deltas)`, tMux1, tMux4, tMux4 / tMux1 <= 5 ? 'ok' : 'OVER TARGET');
console.log('\nre-parse-everything baselines (measured once, on 1/16 and 1/4 of the 50 KB input):');
line('extractToolCalls on accumulated text, many calls', reMany16, reMany4);
line('extractToolCalls on accumulated text, one big call', reBig16, reBig4);
line('parseToolArguments on accumulated arguments', reMux16, reMux4);
console.log(`\nat 50 KB: text stream ${tMany1.toFixed(1)} ms vs re-parse ≈ ${(reMany4 * 16).toFixed(0)} ms (extrapolated ×16 from 1/4, quadratic); ` +
  `big call ${tBig1.toFixed(1)} ms vs ≈ ${(reBig4 * 16).toFixed(0)} ms; deltas ${tMux1.toFixed(1)} ms vs ≈ ${(reMux4 * 16).toFixed(0)} ms`);
