// Safety limits: deep nesting, adversarial sizes (linear work), size limits, bad arguments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError } from '../../src/errors.js';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { repair } from '../../src/parse/index.js';

function code(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    assert.ok(e instanceof JsonMendError, String(e));
    return e.code;
  }
}

describe('deep nesting', () => {
  test('a million unclosed arrays parse without a stack overflow', () => {
    const depth = 1_000_000;
    let value = parse('['.repeat(depth)) as unknown[];
    let n = 1;
    while (Array.isArray(value[0])) {
      value = value[0] as unknown[];
      n++;
    }
    assert.equal(n, depth);
  });

  test('a million nested objects with a trailing comma repair without a stack overflow', () => {
    const depth = 1_000_000;
    const text = '{"a":'.repeat(depth) + '1,' + '}'.repeat(depth);
    const out = repair(text);
    assert.equal(out.length, text.length - 1);
  });

  test('maxDepth gives a clear TOO_DEEP error, on the fast path and in the engine', () => {
    assert.equal(code(() => parse('[[[1]]]', { maxDepth: 2 })), 'TOO_DEEP');
    assert.equal(code(() => parse('[[[1,]]]', { maxDepth: 2 })), 'TOO_DEEP');
    assert.deepEqual(parse('[[1]]', { maxDepth: 2 }), [[1]]);
  });
});

describe('adversarial input of 10 MB finishes in one linear pass', () => {
  const size = 10_000_000;
  // Inputs that open a container per character build millions of containers; 2 MB of them is
  // enough to show the pass stays linear without making the suite slow.
  const nested = 2_000_000;
  const cases: [string, string][] = [
    ['opening brackets', '['.repeat(nested)],
    ['double quotes', '"'.repeat(size)],
    ['unterminated string', `{"a": "${'x'.repeat(size)}`],
    ['repeated {"a":', '{"a":'.repeat(nested / 5)],
    ['commas', `[${','.repeat(size)}]`],
    ['closers', `[1]${']'.repeat(size)}`],
    ['inner quotes', `{"a": "${'x" '.repeat(size / 3)}"}`],
    ['single quotes', `['${"a' ".repeat(size / 3)}]`],
    ['inner quotes in a fenced string', `{"a": "\`\`\`\n${'x" '.repeat(size / 3)}"}`],
    ['keys that lost their quotes', `{${'"k: 1, '.repeat(size / 7)}}`],
    ['keys holding commas', `{"a, ${'"b, '.repeat(size / 4)}}`],
    ['marks before keys', `{${'= "a": 1, '.repeat(size / 10)}}`],
    ['fences in a fenced string', `{"a": "\`\`\`\n${'x``` "'.repeat(size / 6)}"}`],
    ['unquoted words', `{a: ${'w '.repeat(size / 2)}}`],
    ['comment opener', `[1, /*${'*'.repeat(size)}`],
  ];
  for (const [name, text] of cases) {
    test(name, () => {
      const outcome = code(() => parseWithReport(text));
      assert.ok(outcome === undefined || typeof outcome === 'string');
    });
  }
});

describe('size limits and arguments', () => {
  test('maxLength gives TOO_LARGE', () => {
    assert.equal(code(() => parse('[1, 2, 3]', { maxLength: 5 })), 'TOO_LARGE');
  });

  test('a non-string argument gives INVALID_ARGUMENT, not a TypeError', () => {
    assert.equal(code(() => parse(42 as unknown as string)), 'INVALID_ARGUMENT');
    assert.equal(code(() => repair(undefined as unknown as string)), 'INVALID_ARGUMENT');
  });

  test('empty, blank and prose replies give NO_JSON, never {} or ""', () => {
    for (const text of ['', '   \n', 'I cannot help with that request.', 'The answer is yes.']) {
      assert.equal(code(() => parse(text)), 'NO_JSON', text);
    }
  });

  test('errors carry a position, an excerpt with a caret and a message a model can act on', () => {
    try {
      parse('{\n  "a": 1,\n  "b": @\n}');
      assert.fail('should throw');
    } catch (e) {
      assert.ok(e instanceof JsonMendError);
      assert.equal(e.code, 'UNREPAIRABLE');
      assert.equal(e.line, 3);
      assert.equal(e.column, 8);
      assert.match(e.message, /unexpected '@' where a value was expected at line 3 column 8/);
      assert.equal(e.excerpt, '  "b": @\n       ^');
    }
  });
});
