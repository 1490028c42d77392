// Conformance: JSONTestSuite and the realistic model replies, read from ../shared/corpora.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { JsonMendError } from '../../src/errors.js';
import { parse } from '../../src/schema/index.js';
import { repair } from '../../src/parse/index.js';
import { corpus, jsonEqual } from '../helpers.js';

const suite = corpus('json-test-suite');

describe('JSONTestSuite', { skip: suite.skip }, () => {
  const dir = suite.path as string;
  const files = suite.path ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const decoder = new TextDecoder('utf-8');

  test('the suite is there', () => assert.ok(files.length > 300));

  test('every y_ file parses to exactly JSON.parse\'s value', () => {
    for (const file of files.filter((f) => f.startsWith('y_'))) {
      const text = decoder.decode(readFileSync(join(dir, file)));
      assert.deepEqual(parse(text), JSON.parse(text), file);
    }
  });

  test('every n_ and i_ file returns a value or throws JsonMendError, and repair output is JSON', () => {
    for (const file of files.filter((f) => f.startsWith('n_') || f.startsWith('i_'))) {
      const text = decoder.decode(readFileSync(join(dir, file)));
      let value: unknown;
      let failed = false;
      try {
        value = parse(text);
      } catch (e) {
        assert.ok(e instanceof JsonMendError, `${file}: ${String(e)}`);
        failed = true;
      }
      let repaired: string | undefined;
      try {
        repaired = repair(text);
      } catch (e) {
        assert.ok(e instanceof JsonMendError, `${file}: ${String(e)}`);
      }
      if (repaired !== undefined) {
        assert.ok(!failed, `${file}: repair succeeded where parse failed`);
        assert.ok(jsonEqual(JSON.parse(repaired), value), `${file}: repair wrote ${repaired.slice(0, 80)}`);
      }
    }
  });
});

const replies = corpus('llm-replies/cases.json');

interface ReplyCase {
  name: string;
  kind: 'parse' | 'get';
  input: string;
  schema?: unknown;
  expected?: unknown;
  any_of?: unknown[];
  error?: boolean;
}

describe('realistic model replies (parse cases without a schema)', { skip: replies.skip }, () => {
  const cases: ReplyCase[] = replies.path ? JSON.parse(readFileSync(replies.path, 'utf8')) : [];
  for (const c of cases.filter((x) => x.kind === 'parse' && x.schema === undefined)) {
    test(c.name, () => {
      if (c.error) {
        assert.throws(() => parse(c.input), JsonMendError);
        return;
      }
      const value = parse(c.input);
      if (c.any_of) assert.ok(c.any_of.some((v) => JSON.stringify(v) === JSON.stringify(value) || deepEqualLoose(v, value)), JSON.stringify(value));
      else assert.deepEqual(value, c.expected);
      assert.deepEqual(JSON.parse(repair(c.input)), value);
    });
  }
});

function deepEqualLoose(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
