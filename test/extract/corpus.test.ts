import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { extract } from '../../src/extract/index.js';
import { corpus } from '../helpers.js';

interface Case {
  name: string;
  kind: string;
  input: string;
  expected?: unknown;
  error?: boolean;
  schema?: unknown;
}

const dir = corpus('llm-replies');
const cases: Case[] = dir.path === undefined ? [] : JSON.parse(readFileSync(join(dir.path, 'cases.json'), 'utf8'));

/** Replies whose JSON is wrapped in something: fences, tags, reasoning or prose around it. */
function isWrapped(input: string): boolean {
  const t = input.trim();
  return /```|~~~|<\/?[a-z]+>/i.test(input) || !(t.startsWith('{') || t.startsWith('[') || t.startsWith('"'));
}

describe('extract: llm-replies corpus (wrapped parse cases)', { skip: dir.skip }, () => {
  const wrapped = cases.filter((c) => c.kind === 'parse' && c.error !== true && c.expected !== undefined && isWrapped(c.input));

  test('the corpus has wrapped cases', () => {
    assert.ok(wrapped.length >= 2, `only ${wrapped.length} wrapped cases`);
  });

  for (const c of wrapped) {
    test(c.name, (t) => {
      const found = extract(c.input);
      const pick = found.find((x) => x.reasoning !== true);
      assert.ok(pick, 'no candidate outside reasoning');
      let value: unknown;
      try {
        value = JSON.parse(pick.text);
      } catch {
        // Not valid JSON on its own: repairing it is the parser's job, tested there.
        t.diagnostic(`candidate ${JSON.stringify(pick.text.slice(0, 40))} needs repair`);
        return;
      }
      assert.deepEqual(value, c.expected);
    });
  }

  test('replies with no JSON give no candidate', () => {
    for (const c of cases.filter((x) => x.kind === 'parse' && x.error === true && x.schema === undefined)) {
      assert.deepEqual(extract(c.input), [], c.name);
    }
  });

  test('every parse case starting with { or [ is a single whole candidate', () => {
    for (const c of cases.filter((x) => x.kind === 'parse' && /^\s*[[{]/.test(x.input))) {
      const found = extract(c.input);
      assert.deepEqual(found.map((x) => x.source), ['whole'], c.name);
    }
  });
});
