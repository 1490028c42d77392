import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extract, type Candidate, type ExtractOptions } from '../../src/extract/index.js';
import { parse, repair } from '../../src/parse/index.js';
import { createStreamParser } from '../../src/stream/index.js';

/** `parse`, `repair` and the stream's end() in 1- and 3-character chunks all read `text` as `want`. */
function readsAlike(text: string, want: unknown): void {
  assert.deepEqual(parse(text), want, text);
  assert.deepEqual(JSON.parse(repair(text)), want, text);
  for (const size of [1, 3]) {
    const stream = createStreamParser();
    for (let i = 0; i < text.length; i += size) stream.push(text.slice(i, i + size));
    assert.deepEqual(stream.end(), want, `${text} in ${size}-character chunks`);
  }
}

function run(text: string, options?: ExtractOptions): Candidate[] {
  const found = extract(text, options);
  for (const c of found) assert.equal(c.text, text.slice(c.start, c.end));
  return found;
}

const brief = (cs: Candidate[]) => cs.map((c) => [c.source, c.text]);

describe('extract: answer tags', () => {
  test('<answer> with newlines inside: content trimmed, source tag', () => {
    const text = '<answer>\n{\n  "label": "spam"\n}\n</answer>';
    assert.deepEqual(run(text), [{ text: '{\n  "label": "spam"\n}', start: 9, end: 30, source: 'tag', tag: 'answer' }]);
  });

  test('every default tag, case-insensitive, with attributes', () => {
    for (const t of ['answer', 'json', 'output', 'result']) {
      const [c] = run(`Text <${t.toUpperCase()} id="1" kind='x'>[1, 2]</${t}> more`);
      assert.deepEqual([c.source, c.text, c.tag], ['tag', '[1, 2]', t]);
    }
  });

  test('a `>` or `<` inside a quoted attribute value does not end the tag (single or double quotes)', () => {
    assert.deepEqual(brief(run(`<answer x='>'>{"a":1}</answer>`)), [['tag', '{"a":1}']]);
    assert.deepEqual(brief(run('<answer x=">">{"a":1}</answer>')), [['tag', '{"a":1}']]);
    assert.deepEqual(brief(run(`<answer a="1 > 0" b='<'>[1]</answer>`)), [['tag', '[1]']]);
    // A quote that never closes within the tag's bound: not a tag, the value is found in prose.
    assert.deepEqual(brief(run(`<answer x='>{"a":1}`)), [['balanced', '{"a":1}']]);
  });

  test('a tag inside a JSON string is content: in prose, in an answer tag, pretty-printed', () => {
    assert.deepEqual(brief(run('Here: {"html": "<answer>x</answer>"} done')), [['balanced', '{"html": "<answer>x</answer>"}']]);
    assert.deepEqual(brief(run('<answer>{"a": "</answer>"}</answer>')), [['tag', '{"a": "</answer>"}']]);
    assert.deepEqual(brief(run('Result:\n{\n  "note": "</think>",\n  "n": 1\n}')), [['balanced', '{\n  "note": "</think>",\n  "n": 1\n}']]);
    // An escaped quote does not end the string the tag sits in.
    assert.deepEqual(brief(run('x {"a": "say \\"<answer>\\" now"}')), [['balanced', '{"a": "say \\"<answer>\\" now"}']]);
    // A bracket inside a key on a pretty-printed line is not where the JSON starts.
    assert.deepEqual(brief(run('a\n{\n\t"[": "</answer>"\n} a')), [['balanced', '{\n\t"[": "</answer>"\n}']]);
    assert.deepEqual(brief(run('a\n{\n\t"[</think>": ""\n} a')), [['balanced', '{\n\t"[</think>": ""\n}']]);
    // A quote in a prose line with no JSON on it does not hide a real tag.
    assert.deepEqual(brief(run('The 5" screen: <answer>[1]</answer>')), [['tag', '[1]']]);
  });

  test('tag without newlines, scalar content', () => {
    assert.deepEqual(brief(run('<answer>42</answer>')), [['tag', '42']]);
    assert.deepEqual(run('<answer>yes</answer>'), []);
  });

  test('a fence inside a tag: the candidate is the fence content, source fence, with the tag name', () => {
    const [c] = run('<answer>\n```json\n{"a": 1}\n```\n</answer>');
    assert.deepEqual([c.source, c.text, c.tag, c.language], ['fence', '{"a": 1}', 'answer', 'json']);
  });

  test('a fence inside a tag that forgets to close ends at the tag closer', () => {
    const [c] = run('<answer>\n```json\n{"a": 1}\n</answer>\nThanks!');
    assert.deepEqual([c.source, c.text, c.truncated], ['fence', '{"a": 1}', true]);
    const [d] = run('<answer>```json\n{"a": 1}```</answer>');
    assert.deepEqual([d.source, d.text, d.truncated], ['fence', '{"a": 1}', undefined]);
  });

  test('prose inside a tag is scanned for balanced values', () => {
    const [c] = run('<result>The value is {"a": 1}.</result>');
    assert.deepEqual([c.source, c.text, c.tag], ['balanced', '{"a": 1}', 'result']);
  });

  test('an unterminated tag runs to the end of the text, truncated', () => {
    const [c] = run('<answer>\n{"a": [1, 2');
    assert.deepEqual([c.source, c.text, c.truncated], ['tag', '{"a": [1, 2', true]);
  });

  test('custom tags replace the defaults', () => {
    assert.deepEqual(brief(run('<final>{"a": 1}</final>', { tags: ['final'] })), [['tag', '{"a": 1}']]);
    assert.deepEqual(brief(run('<answer>{"a": 1}</answer>', { tags: ['final'] })), [['balanced', '{"a": 1}']]);
  });

  test('self-closing and unconfigured tags are prose', () => {
    assert.deepEqual(brief(run('<answer/> {"a": 1}')), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief(run('<div>{"a": 1}</div>')), [['balanced', '{"a": 1}']]);
  });
});

describe('extract: reasoning blocks', () => {
  test('JSON inside <think> is not the answer', () => {
    const found = run('<think>Let me count: {"count": 2} is wrong, it is 3.</think>{"count": 3}');
    assert.deepEqual(found, [{ text: '{"count": 3}', start: 60, end: 72, source: 'balanced' }]);
  });

  test('every default reasoning tag, case-insensitive', () => {
    for (const t of ['think', 'thinking', 'reasoning', 'reflection', 'seed:think', 'mm:think', 'THINK']) {
      assert.deepEqual(brief(run(`<${t}>{"a": 1}</${t}>\n{"b": 2}`)), [['balanced', '{"b": 2}']]);
    }
  });

  test('a fence inside reasoning loses to a fence after it', () => {
    const text = '<think>\nMaybe:\n```json\n{"draft": true}\n```\n</think>\n```json\n{"final": true}\n```';
    assert.deepEqual(brief(run(text)), [['fence', '{"final": true}']]);
  });

  test('JSON only inside reasoning is returned, flagged', () => {
    const found = run('<think>The answer is {"a": 1}</think>\nI cannot say more.');
    assert.deepEqual(found.map((c) => [c.text, c.reasoning]), [['{"a": 1}', true]]);
  });

  test('an unterminated reasoning block runs to the end of the text', () => {
    const found = run('<think>I will answer {"a": 1} once I am sure');
    assert.deepEqual(found.map((c) => [c.text, c.reasoning]), [['{"a": 1}', true]]);
  });

  test('a closer with no opener makes everything before it reasoning', () => {
    const text = 'Okay, the user wants {"x": 1}? No.\n</think>\n\n{"x": 2}';
    assert.deepEqual(brief(run(text)), [['balanced', '{"x": 2}']]);
    // Even when the reply starts with JSON: that JSON is the draft, not a `whole` answer.
    assert.deepEqual(brief(run('{"draft": 1}\n</think>\n{"final": 2}')), [['balanced', '{"final": 2}']]);
    // And several orphan closers: everything before the last is reasoning.
    assert.deepEqual(brief(run('{"a": 1}</think>{"b": 2}</think>{"c": 3}')), [['balanced', '{"c": 3}']]);
  });

  test('a lone string, number or literal after the reasoning that opens the reply is the answer', () => {
    // A DeepSeek-V4 judge's raw completion, its `<think>` written into the prompt (DeepSeek-v4-Flash #16):
    // NO_JSON before, though the answer is plain.
    const judge = '1.  The user asks for the product of 17 and 23.\n3.  Provide the answer briefly.</think>391';
    assert.deepEqual(brief(run(judge)), [['whole', '391']]);
    assert.equal(parse(judge), 391);
    assert.equal(parse('<think>x</think>\n"yes"'), 'yes');
    assert.equal(parse('<think>a</think>\n\n0.85\n'), 0.85);
    assert.equal(parse('<think>a</think>null'), null);
    // The answer wins over a draft in the reasoning; prose is still no value.
    assert.equal(parse('<think>{"draft": 1}</think>\n391'), 391);
    assert.throws(() => parse('<think>a</think>The answer is 391.'), { code: 'NO_JSON' });
  });

  test('a lone [1] that is all the reply says after its reasoning is the answer, not a citation', () => {
    // It lost to the draft in the reasoning (`{"a": 1}`, reported reasoning_block): a lone `[1]` is
    // weak in prose (a citation), but here nothing else is written.
    for (const [text, value] of [
      ['<think>Maybe {"a": 1}?</think>\n[\n  1\n]', [1]],
      ['<think>Maybe {"a": 1}?</think>\n\n[12]\n', [12]],
    ] as const) {
      readsAlike(text, value);
    }
    // In prose after the reasoning it is still a citation: the draft is the value, named.
    assert.deepEqual(parse('<think>x {"a": 1}</think>\nSee [1].'), { a: 1 });
  });

  test('an unclosed fence in reasoning ends at the reasoning closer', () => {
    const text = '<think>\n```json\n{"draft": 1}\n</think>\n{"final": 2}';
    assert.deepEqual(brief(run(text)), [['balanced', '{"final": 2}']]);
  });

  test('an answer tag inside reasoning is still reasoning', () => {
    const found = run('<think><answer>{"a": 1}</answer></think>Sorry, no idea.');
    assert.deepEqual(found.map((c) => [c.source, c.tag, c.reasoning]), [['tag', 'answer', true]]);
  });

  test('custom reasoning tags', () => {
    const found = run('<scratch>{"a": 1}</scratch>{"b": 2}', { reasoningTags: ['scratch'] });
    assert.deepEqual(brief(found), [['balanced', '{"b": 2}']]);
  });

  test('nested openers of the same reasoning tag are text', () => {
    assert.deepEqual(brief(run('<think><think>{"a": 1}</think>{"b": 2}')), [['balanced', '{"b": 2}']]);
  });
});

describe('extract: tags inside strings that span lines or use single quotes (session 35)', () => {
  // Each lost members or was cut short: the tag was read as markup inside the string.
  test('a tag in a string with a raw line break is content', () => {
    assert.deepEqual(parse('Result:\n{\n  "text": "line1\n</think> more",\n  "a": 1\n}'), { text: 'line1\n</think> more', a: 1 });
    assert.deepEqual(parse('<think>plan</think>\n{"text": "Steps:\n</think> is the closer\n", "a": 1}'), { text: 'Steps:\n</think> is the closer\n', a: 1 });
    assert.deepEqual(parse('Here:\n{"text": "line1\n<think> more\n", "a": 1}'), { text: 'line1\n<think> more\n', a: 1 });
    assert.deepEqual(parse('<answer>\n{\n  "html": "<p>\n</answer>\n",\n  "n": 2\n}\n</answer>'), { html: '<p>\n</answer>\n', n: 2 });
    const whole = '{"text": "line1\n</think> more\n", "a": 1}';
    assert.deepEqual(brief(run(whole)), [['whole', whole]]);
  });

  test('a tag in a string after a key that lost its closing quote is content, as without the prose', () => {
    // Read from the key's opening quote to the next quote, the strings after it were read inside out:
    // the tag was markup, the value cut before it (`[{"s":{"b":""}}]`, `x` and `2` lost), or the
    // answer tag's `42` taken with no word.
    const cases: [string, string, unknown][] = [
      ['Here: ', '[{"s:{"b": "<think>x</think>"}}, 2]', [{ s: { b: '<think>x</think>' } }, 2]],
      ['x ', '{"s: {"b": "<answer>42</answer>"},"z": 2}', { s: { b: '<answer>42</answer>' }, z: 2 }],
      ['Answer: ', '{"user: {"id": 6}, "msg": "<thinking>hm</thinking>"}', { user: { id: 6 }, msg: '<thinking>hm</thinking>' }],
      ['x ', '[{"name: "Ann", "note": "see <!-- note -->"}, 3]', [{ name: 'Ann', note: 'see <!-- note -->' }, 3]],
      // Cut off in the string, on its line: the tag is still the string's text.
      ['x ', '{"s": {"b: "<answer>42', { s: { b: '<answer>42' } }],
    ];
    for (const [prose, body, value] of cases) {
      const text = prose + body;
      assert.deepEqual(parse(body), value, body);
      readsAlike(text, value);
    }
    assert.deepEqual(brief(run('Here: [{"s:{"b": "<think>x</think>"}}, 2]')), [['balanced', '[{"s:{"b": "<think>x</think>"}}, 2]']]);
    // A tag after a value that closed on the line is still markup.
    assert.deepEqual(brief(run('Answer: {"a": "b" } <think>{"c": 1}</think> {"d": 2}')), [['balanced', '{"a": "b" }'], ['balanced', '{"d": 2}']]);
  });

  test('a tag in a single-quoted string is content', () => {
    assert.deepEqual(parse("Here: {'note': '</think>', 'a': 1}"), { note: '</think>', a: 1 });
    assert.deepEqual(parse("Here: {'note': '<think>', 'a': 1}"), { note: '<think>', a: 1 });
    assert.deepEqual(parse("<answer>{'html': '</answer>', 'a': 1}</answer>"), { html: '</answer>', a: 1 });
    assert.deepEqual(parse("The dict is {'tag': '<answer>', 'v': 2}."), { tag: '<answer>', v: 2 });
    // An apostrophe in prose or in a double-quoted string opens no string.
    assert.deepEqual(brief(run("It's here: <answer>[1]</answer>")), [['tag', '[1]']]);
    assert.deepEqual(brief(run('x {"a": "it\'s"} <answer>[1]</answer>')), [['balanced', '{"a": "it\'s"}'], ['tag', '[1]']]);
  });

  test('quotes after a value has closed, or in prose lines, do not hide a tag', () => {
    assert.deepEqual(brief(run('See {"a": 1}\nThe 5" screen: <answer>[1]</answer>')), [['balanced', '{"a": 1}'], ['tag', '[1]']]);
    assert.deepEqual(brief(run('See {"a": "x"} "so </think>\n{"b": 2}')), [['balanced', '{"b": 2}']]);
    assert.deepEqual(brief(run('He said "go\n</think>\n{"b": 2}')), [['balanced', '{"b": 2}']]);
    // A draft in reasoning whose string never ends as JSON's does: the closer ends the reasoning.
    assert.deepEqual(parse('Okay so {"a": "b\nhmm.\n</think>\n\n{"a": "c"}'), { a: 'c' });
    assert.deepEqual(parse('<think>I\'d write {"a": "b\n</think>\n{"a": "c"}'), { a: 'c' });
  });
});

describe('extract: a tag mentioned in prose is no markup (session 35)', () => {
  test('a tag in inline code is a mention', () => {
    assert.deepEqual(parse('Answer: {"a":1}\n(I skipped the `</think>` section; see {"note": "x"})'), { a: 1 });
    assert.deepEqual(parse('```json\n{"a":1}\n```\nI removed the `</think>` block. Example: {"a":0}'), { a: 1 });
    const opener = 'I will not use `<think>` tags.\n```json\n{"a":1}\n```';
    assert.deepEqual(run(opener).map((c) => [c.source, c.text, c.reasoning]), [['fence', '{"a":1}', undefined]]);
    assert.deepEqual(brief(run('Wrap it in `<answer>` tags: <answer>[1]</answer>')), [['tag', '[1]']]);
    // Inline code that holds a value is the reply's markup written as code.
    assert.deepEqual(brief(run('`<answer>42</answer>`')), [['tag', '42']]);
  });

  test('an orphan closer mid-sentence after a value is a mention', () => {
    assert.deepEqual(parse('Answer: {"a":1}\nNote: no </think> tags were used; the schema was {"type": "object"}'), { a: 1 });
    // Closers that end reasoning: after a sentence, on their own line, before the answer.
    assert.equal(parse('1. The user asks.\n3. Provide.</think>391'), 391);
    assert.deepEqual(parse('{"draft": 1}\n</think>\n{"final": 2}'), { final: 2 });
    assert.deepEqual(parse('I think {"x": 1} is right. </think> {"x": 2}'), { x: 2 });
    assert.deepEqual(parse('Maybe {"x": 1} fits </think> The answer: {"x": 2}'), { x: 2 });
    assert.deepEqual(parse('So {"x": 1} it is </think>\n{"x": 2}'), { x: 2 });
  });
});

describe('extract: a reasoning opener mentioned mid-sentence is no markup (session 36)', () => {
  const shown = (text: string) => run(text).map((c) => [c.source, c.text, c.reasoning === true]);

  test('an opener after words on its line, a word after it, and no closer anywhere after', () => {
    // Before: the opener opened a block to the reply's end; the answer read as reasoning.
    assert.deepEqual(shown('The model emits <think> tags before answering. {"ok": true}'), [['balanced', '{"ok": true}', false]]);
    assert.deepEqual(shown('I will not use <think> blocks here.\n```json\n{"a": 1}\n```'), [['fence', '{"a": 1}', false]]);
    // An earlier value labelled otherwise no longer beats the answer the mention hid; cut off after
    // the mention, the value is read, not skipped as a draft in reasoning. Parse, repair and the
    // stream (1- and 3-character chunks) agree.
    for (const [text, want] of [
      ['Example: {"a": 0}\nThe model emits <think> tags first. Answer: {"a": 1}', { a: 1 }],
      ['Models may emit <think> tags before the result: {"a": 1, "b": [2', { a: 1, b: [2] }],
    ] as const) {
      readsAlike(text, want);
    }
  });

  test('an opener and its closer mentioned together', () => {
    assert.deepEqual(shown('Wrap your reasoning in <think> and </think>.\n{"ok": true}'), [['balanced', '{"ok": true}', false]]);
    assert.deepEqual(parse('Wrap your reasoning in <think> and </think> tags, then answer: {"ok": true}'), { ok: true });
  });

  test('an opener that starts the reply or a line, or follows a sentence, still opens reasoning', () => {
    assert.deepEqual(shown('<think> the user wants {"a": 0}'), [['balanced', '{"a": 0}', true]]);
    assert.deepEqual(shown('Sure.\n<think> the user wants {"a": 0}'), [['balanced', '{"a": 0}', true]]);
    assert.deepEqual(shown('Sure. <think> the user wants {"a": 0}'), [['balanced', '{"a": 0}', true]]);
    assert.deepEqual(shown('Let me think <think>\nso {"a": 0}'), [['balanced', '{"a": 0}', true]]);
    assert.deepEqual(shown('Let me think <think>Okay {"a": 0}'), [['balanced', '{"a": 0}', true]]);
  });

  test('a draft before a closer stays reasoning, mention or not', () => {
    // The closer follows: the opener opens the block as before, and the draft never becomes the answer.
    assert.deepEqual(parse('Let me think <think> the draft {"a": 0} is wrong </think> so {"a": 1}'), { a: 1 });
    assert.deepEqual(parse('I use <think> tags. Draft: {"a": 0}\n</think>\n{"a": 1}'), { a: 1 });
    assert.deepEqual(parse('Sure, my reasoning <think> the user wants {"a": 0}. </think>\n{"a": 1}'), { a: 1 });
  });
});
