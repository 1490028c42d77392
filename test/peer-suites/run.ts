// Runs the peers' own test suites (cases.json, see README.md) through jsonmend's parse and compares
// values, not layout. Shared by the ratchet test and by the script that prints the differences.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonMendError, parse } from '../../src/index.js';
import { jsonEqual } from '../helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

/** One input → expected assertion of a peer's suite. */
export interface PeerCase {
  suite: 'jsonrepair' | 'json_repair';
  /** The input; null when `input_repeat` builds it. */
  input: string | null;
  input_repeat?: { text: string; times: number };
  /** `value`: the peer gives `expected`; `error`: the peer throws (or finds nothing); `skipped`: no counterpart here. */
  expect: 'value' | 'error' | 'skipped';
  expected?: unknown;
  /** File and line of the assertion in the peer's repository. */
  source: string;
  reason?: string;
  note?: string;
  options?: Record<string, unknown>;
}

/** What jsonmend did with one case. */
export interface Outcome {
  case: PeerCase;
  input: string;
  agreed: boolean;
  /** The value parse returned, or the error code it threw. */
  got: { value: unknown } | { error: string; message: string };
}

export const SUITES = ['jsonrepair', 'json_repair'] as const;

export function loadCases(): PeerCase[] {
  return JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8')) as PeerCase[];
}

export function inputOf(c: PeerCase): string {
  return c.input_repeat ? c.input_repeat.text.repeat(c.input_repeat.times) : (c.input as string);
}

/** Runs every case that is not skipped. */
export function runCases(cases: PeerCase[] = loadCases()): Outcome[] {
  const out: Outcome[] = [];
  for (const c of cases) {
    if (c.expect === 'skipped') continue;
    const input = inputOf(c);
    let got: Outcome['got'];
    try {
      got = { value: parse(input) };
    } catch (error) {
      if (!(error instanceof JsonMendError)) throw error;
      got = { error: error.code, message: error.message };
    }
    const agreed = c.expect === 'error' ? 'error' in got : 'value' in got && jsonEqual(got.value, c.expected);
    out.push({ case: c, input, agreed, got });
  }
  return out;
}

/** Cases agreed and run, per suite. */
export function tally(outcomes: Outcome[]): Record<(typeof SUITES)[number], { agreed: number; total: number }> {
  const t = { jsonrepair: { agreed: 0, total: 0 }, json_repair: { agreed: 0, total: 0 } };
  for (const o of outcomes) {
    t[o.case.suite].total++;
    if (o.agreed) t[o.case.suite].agreed++;
  }
  return t;
}
