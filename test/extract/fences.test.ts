import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extract, type Candidate } from '../../src/extract/index.js';
import { createStreamParser, parse, parseWithReport } from '../../src/index.js';

/** The candidate's text must always be the slice it claims to be. */
function run(text: string): Candidate[] {
  const found = extract(text);
  for (const c of found) assert.equal(c.text, text.slice(c.start, c.end));
  return found;
}

describe('extract: code fences', () => {
  test('```json fence after prose, explanation after', () => {
    const text = 'Sure, here it is:\n\n```json\n{"title": "Dune"}\n```\n\nThe year is the first edition.';
    assert.deepEqual(run(text), [{ text: '{"title": "Dune"}', start: 27, end: 44, source: 'fence', language: 'json' }]);
  });

  test('a reasoning block that opens a fence is reasoning; the fence\'s value follows it (session 40)', () => {
    // Read as the fence's text, the draft in it was the answer: parse gave {"a": 0}, while the stream
    // skipped the block, showed {"a": 1}, and end() took it back.
    const text = '```json\n<think>{"a": 0}</think>\n{"a": 1}\n```';
    assert.deepEqual(run(text).map((c) => [c.text, c.source, c.reasoning]), [['{"a": 1}', 'fence', undefined]]);
    assert.deepEqual(parse(text), { a: 1 });
    // Alone, the draft is the answer (reported as reasoning), as for a block outside a fence.
    assert.deepEqual(parseWithReport('```json\n<think>{"a": 0}</think>\n```').repairs.map((r) => r.kind), ['reasoning_block']);
    // Further in, a tag is the fence's text (a JSON string may hold one).
    assert.deepEqual(parse('```json\n{"a": "<think>x</think>"}\n```'), { a: '<think>x</think>' });
  });

  test('info strings are lower-cased first words; no info string means no language', () => {
    for (const [info, language] of [['JSON', 'json'], ['jsonc', 'jsonc'], ['javascript', 'javascript'], ['js', 'js'], ['json5', 'json5'], ['json title="x"', 'json'], ['', undefined]] as const) {
      const [c] = run(`x\n\`\`\`${info}\n[1, 2]\n\`\`\`\n`);
      assert.equal(c.source, 'fence');
      assert.equal(c.text, '[1, 2]');
      assert.equal(c.language, language);
    }
  });

  test('~~~ fences, and a closer must use the same character and be at least as long', () => {
    assert.equal(run('~~~json\n{"a": 1}\n~~~').at(0)?.text, '{"a": 1}');
    // ``` does not close a ~~~ fence, and ``` does not close a ```` fence.
    const tilde = run('~~~\n{"a": "```"}\n```\n~~~~\nafter');
    assert.equal(tilde[0].text, '{"a": "```"}\n```');
    const four = run('````json\n{"a": 1}\n```\n````');
    assert.equal(four[0].text, '{"a": 1}\n```');
  });

  test('indented fences (list items) keep their inner indentation', () => {
    const text = '1. The config:\n\n    ```json\n    {\n      "a": 1\n    }\n    ```\n2. Done';
    const [c] = run(text);
    assert.equal(c.source, 'fence');
    assert.equal(c.text, '{\n      "a": 1\n    }');
    assert.equal(c.truncated, undefined);
  });

  test('CRLF line endings and tab indentation', () => {
    assert.deepEqual(run('a\r\n```json\r\n{"a": 1}\r\n```\r\nb').map((c) => [c.source, c.text]), [['fence', '{"a": 1}']]);
    assert.deepEqual(run('\t```json\n\t{"a": 1}\n\t```').map((c) => [c.source, c.text]), [['fence', '{"a": 1}']]);
  });

  test('several fences give several candidates, in order', () => {
    const text = 'First:\n```json\n{"a": 1}\n```\nSecond:\n```json\n{"b": 2}\n```\nThird: {"c": 3}';
    assert.deepEqual(run(text).map((c) => [c.source, c.text]), [
      ['fence', '{"a": 1}'],
      ['fence', '{"b": 2}'],
      ['balanced', '{"c": 3}'],
    ]);
  });

  test('an unterminated final fence runs to the end of the text, truncated', () => {
    const [c] = run('Here:\n```json\n{"id": 12, "tags": ["x", "y"], "no');
    assert.equal(c.source, 'fence');
    assert.equal(c.text, '{"id": 12, "tags": ["x", "y"], "no');
    assert.equal(c.truncated, true);
  });

  test('a closing fence glued to the value, and a fence opened mid-line', () => {
    assert.equal(run('```json\n{"a": 1}```\nbye').at(0)?.text, '{"a": 1}');
    const [c] = run('Here it is: ```json\n{"a": 1}\n```\nbye');
    assert.deepEqual([c.source, c.text, c.language], ['fence', '{"a": 1}', 'json']);
  });

  test('one-line fences and JSON on the opener line', () => {
    assert.deepEqual(run('```json {"a": 1}```').map((c) => [c.source, c.text]), [['fence', '{"a": 1}']]);
    assert.deepEqual(run('```{"a": 1}\n```').map((c) => [c.source, c.text]), [['fence', '{"a": 1}']]);
    // Inline code in a sentence is prose.
    assert.deepEqual(run('use ```{"a": 1}``` here').map((c) => [c.source, c.text]), [['balanced', '{"a": 1}']]);
  });

  test('JSON scalars and leading comments in a JSON fence', () => {
    assert.equal(run('```json\n"just a string"\n```')[0].text, '"just a string"');
    assert.equal(run('```json\n42\n```')[0].text, '42');
    assert.equal(run('```json\n// the config\n{"a": 1}\n```')[0].text, '// the config\n{"a": 1}');
  });

  test('other languages count only when the code is itself an object or array', () => {
    assert.deepEqual(run('```python\n{"a": True}\n```').map((c) => [c.source, c.language]), [['fence', 'python']]);
    assert.deepEqual(run('```python\nx = {"a": 1}\nprint(x)\n```'), []);
    assert.deepEqual(run('```bash\ncurl -d \'{"a": 1}\' http://x\n```'), []);
    assert.deepEqual(run('```yaml\na: 1\n```'), []);
  });

  test('a JSON-ish fence that starts with code is scanned like prose, keeping its language', () => {
    const found = run('```javascript\nconst config = {"a": 1};\n```');
    assert.deepEqual(found.map((c) => [c.source, c.text, c.language]), [['balanced', '{"a": 1}', 'javascript']]);
    assert.deepEqual(run('```js\ncallback({"a": 1});\n```').map((c) => [c.source, c.text]), [['jsonp', '{"a": 1}']]);
  });

  test('fence content that is not JSON-looking is no candidate', () => {
    assert.deepEqual(run('```\nhello world\n```'), []);
    assert.deepEqual(run('```json\n```'), []);
    assert.deepEqual(run('```text\nno json here\n```\n'), []);
  });

  test('a fence swallows tags and brackets inside it', () => {
    const found = run('```json\n{"html": "<answer>x</answer>", "s": "[1"}\n```');
    assert.deepEqual(found.map((c) => c.text), ['{"html": "<answer>x</answer>", "s": "[1"}']);
  });

  test('backtick runs shorter than three are prose', () => {
    assert.deepEqual(run('``{"a": 1}``').map((c) => [c.source, c.text]), [['balanced', '{"a": 1}']]);
  });
});

describe('a code block written in a value\'s string, in prose (the stream probe)', () => {
  // The fence's opener cut the prose short: `{"v": "Run:"}`, reported only as cut off, the rest lost.
  const cases: [string, unknown][] = [
    ['Here you go:\n{"v": "Run:\n```bash\nls\n```\nok"}\nDone.', { v: 'Run:\n```bash\nls\n```\nok' }],
    ['<think>plan</think>\n["x",\n  "```python\nprint(1)\n```"]', ['x', '```python\nprint(1)\n```']],
    ['Intro {"steps": ["Run:\n```sh\nnpm ci\n```", "then test"], "n": 2} bye', { steps: ['Run:\n```sh\nnpm ci\n```', 'then test'], n: 2 }],
  ];
  test('the value holds the code block', () => {
    for (const [text, want] of cases) {
      assert.deepEqual(parse(text), want, text);
      assert.ok(!parseWithReport(text).repairs.some((r) => r.kind === 'truncated'), text);
      for (const size of [1, 3]) {
        const p = createStreamParser();
        for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
        assert.deepEqual(p.end(), want, `${text} in ${size}-character chunks`);
      }
    }
  });
  test('a fenced value after a string that holds no fence of its own is still the fence\'s', () => {
    assert.deepEqual(parse('Note {"a": "x\n```json\n{"b": 1}\n```'), { b: 1 });
    assert.deepEqual(parse('Here: {"a": "x\n```json\n{"b": 1}\n```\n"}'), { b: 1 });
  });
  test('thousands of such spans stay linear (each looked past once)', () => {
    const text = 'See {"v": "a\n```sh\nls\n```\nb"} and '.repeat(3000);
    assert.deepEqual(parse(text), { v: 'a\n```sh\nls\n```\nb' });
  });
});
