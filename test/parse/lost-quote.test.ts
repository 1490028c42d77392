// A value string that lost only its opening quote (src/parse/lost-quote.ts): its closing quote, where
// a string's goes, shows it was JSON string text. Found by session 36's differential hunt (F11, F12):
// code or prose with brackets in it made up members (`if (x)` read as a constructor call, a block as
// a key with a made-up null), and JSON escapes were kept as backslashes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, parseWithReport } from '../../src/index.js';
import { readsEach } from './reads.js';

describe('code or prose that lost its opening quote is one string (F11)', () => {
  readsEach([
    // Was [{"s": "x"}, {"y();": null}, {"n": 1}]: `if` dropped as a wrapper, a made-up key.
    ['[{"s": if (x) { y(); }", "n": 1}]', [{ s: 'if (x) { y(); }', n: 1 }]],
    // Was UNREPAIRABLE in a top-level object.
    ['{"s": if (a && b) { return 1; }"}', { s: 'if (a && b) { return 1; }' }],
    ['{"s": if (x) { y(); }", "n": 1}', { s: 'if (x) { y(); }', n: 1 }],
    // Was {"m": "The function returns {\\", "ok\": true} on success.": null, "n": 1}.
    ['{"m": The function returns {\\"ok\\": true} on success.", "n": 1}', { m: 'The function returns {"ok": true} on success.', n: 1 }],
    ['{"m": Note: see {\\"x\\": 1}.", "n": 1}', { m: 'Note: see {"x": 1}.', n: 1 }],
    ['{"m": The cat, the dog said \\"hi\\".", "b": 1}', { m: 'The cat, the dog said "hi".', b: 1 }],
    // A block over lines, inside the brackets the value opened.
    ['[{"s": if (x) {\n  y();\n}", "n": 1}]', [{ s: 'if (x) {\n  y();\n}', n: 1 }]],
    ['{"s": function f(a) {\n  return a;\n}"}', { s: 'function f(a) {\n  return a;\n}' }],
    // In an array, and in a reply's fence.
    ['[if (x) { y(); }", 2]', ['if (x) { y(); }', 2]],
    ['Here:\n```json\n{"m": returns {\\"ok\\": true}.", "n": 1}\n```', { m: 'returns {"ok": true}.', n: 1 }],
    // A comma in the text: words and a colon after it are no key; in an array, an escaped quote or a
    // line of its own shows one string.
    ['{"r": ratio a: b, then c: d", "b": 1}', { r: 'ratio a: b, then c: d', b: 1 }],
    ['{"tags": [Use \\"strict\\" mode, not \\"loose\\"."]}', { tags: ['Use "strict" mode, not "loose".'] }],
    ['{"a": [\n    The answer is 42, roughly.",\n    "x"\n  ]}', { a: ['The answer is 42, roughly.', 'x'] }],
    // The text starts with an escaped quote, or with a code fence written on one line.
    ['{"a": \\"Quoted whole\\"", "b": 1}', { a: '"Quoted whole"', b: 1 }],
    ['{"c": ```python\\nprint(1)\\n```", "b": 1}', { c: '```python\nprint(1)\n```', b: 1 }],
  ]);

  test('the repair is named where the quote goes', () => {
    const { repairs } = parseWithReport('[{"s": if (x) { y(); }", "n": 1}]');
    assert.deepEqual(repairs.map((r) => ('offset' in r ? `${r.kind}@${r.offset}` : r.kind)), ['missing_start_quote@7']);
  });
});

describe('code without its quotes is its text, not a constructor call (F11)', () => {
  readsEach([
    // Was [{"s": "x"}, {"y();": null}, {"n": 1}] and, in a top-level object, UNREPAIRABLE.
    ['[{"s": if (x) { y(); }, "n": 1}]', [{ s: 'if (x) { y(); }', n: 1 }]],
    ['{"s": if (x) { y(); }, "n": 1}', { s: 'if (x) { y(); }', n: 1 }],
    // An escaped quote is the value's text, not the next member's key.
    ['{"m": The function returns {\\"ok\\": true} on success., "n": 1}', { m: 'The function returns {\\"ok\\": true} on success.', n: 1 }],
    // Constructor calls still unwrap.
    ['{"a": ObjectId("x"), "b": new Date(5)}', { a: 'x', b: 5 }],
    // Where no closing quote shows one string, commas and keys keep their meaning.
    ['[a, b"]', ['a', 'b']],
    ['{"a": foo, b: bar"}', { a: 'foo', b: 'bar' }],
    ['{"a": foo, b: 1, c: x"}', { a: 'foo', b: 1, c: 'x' }],
    ['{"q": \\"foo\\", "b": 1}', { q: 'foo', b: 1 }],
  ]);
});

describe('a string that lost its opening quote reads its JSON escapes (F12)', () => {
  readsEach([
    ['{"a": Line one\\nLine two", "b": 1}', { a: 'Line one\nLine two', b: 1 }],
    ['[Line one\\nLine two", 1]', ['Line one\nLine two', 1]],
    ['{"a": Tab\\there and a quote \\" alone", "b": 1}', { a: 'Tab\there and a quote " alone', b: 1 }],
    ['{"a": x\\u00e9y \\\\ z", "b": 2}', { a: 'xéy \\ z', b: 2 }],
    ['Here you go:\n```json\n{"a": Line one\\nLine two", "b": 1}\n```', { a: 'Line one\nLine two', b: 1 }],
    // A Windows path closed by its quote reads as it would with its opening quote back.
    ['{"p": C:\\Users\\bob\\new", "b": 1}', { p: 'C:\\Users\\bob\\new', b: 1 }],
    // No closing quote: an unquoted value keeps its backslashes (a Windows path).
    ['{"p": C:\\new\\table, "b": 1}', { p: 'C:\\new\\table', b: 1 }],
    ['{"p": C:\\new\\table}', { p: 'C:\\new\\table' }],
  ]);

  test('reads as the same text with its opening quote put back', () => {
    for (const [text, at] of [
      ['{"a": Line one\\nLine two", "b": 1}', 6],
      ['{"p": C:\\Users\\bob\\new", "b": 1}', 6],
      ['{"p": C:\\temp\\new.txt", "b": 1}', 6],
      ['[{"s": if (x) { y(); }", "n": 1}]', 7],
    ] as const) {
      assert.deepEqual(parse(text), parse(`${text.slice(0, at)}"${text.slice(at)}`), text);
    }
  });
});
