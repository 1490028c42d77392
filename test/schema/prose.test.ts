// Reading prose through a schema (issue 20): with a schema, the schema is the prior for the text as
// well as the shape; every coercion is a named, located repair; without a schema nothing changes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { JsonMendError, SchemaError, coerce, coerceWithReport, createStreamParser, parse, parseWithReport, type Repair, type SchemaRepair } from '../../src/index.js';

function schemaRepairs(repairs: readonly Repair[]): SchemaRepair[] {
  return repairs.filter((r): r is SchemaRepair => 'path' in r && !('offset' in r));
}

function kinds(repairs: readonly Repair[]): string[] {
  return repairs.map((r) => r.kind);
}

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (error) {
    return error instanceof JsonMendError ? error.code : 'not a JsonMendError';
  }
  return undefined;
}

describe('rename_property', () => {
  const person = {
    type: 'object',
    properties: { answer: { type: 'string' }, full_name: { type: 'string' } },
    required: ['answer', 'full_name'],
  };

  test('case, surrounding space and -/_/space differences', () => {
    const r = parseWithReport('{" Answer ": "yes", "Full Name": "Ada Lovelace"}', { schema: person });
    assert.deepEqual(r.value, { answer: 'yes', full_name: 'Ada Lovelace' });
    assert.deepEqual(schemaRepairs(r.repairs), [
      { kind: 'rename_property', path: '/ Answer ', before: ' Answer ', after: 'answer' },
      { kind: 'rename_property', path: '/Full Name', before: 'Full Name', after: 'full_name' },
    ]);
    assert.deepEqual(coerce({ ANSWER: 'y', 'full-name': 'z' }, person), { answer: 'y', full_name: 'z' });
  });

  test('keeps the order of the keys', () => {
    assert.deepEqual(Object.keys(coerce({ 'Full Name': 'a', answer: 'b' }, person) as object), ['full_name', 'answer']);
  });

  test('ambiguous: two properties that compare equal, or two keys for one property, rename nothing', () => {
    const twin = { type: 'object', properties: { full_name: { type: 'string' }, fullName: { type: 'string' } }, required: ['full_name'] };
    assert.throws(() => coerce({ 'Full Name': 'x' }, twin), SchemaError);
    assert.throws(() => coerce({ answer: 'a', 'Full Name': 'x', FULL_NAME: 'y' }, person), SchemaError);
  });

  test('a property already present is not overwritten', () => {
    const s = { type: 'object', properties: { answer: { type: 'integer' } }, required: ['answer'] };
    const r = coerceWithReport({ answer: '4', Answer: 5 }, s);
    assert.deepEqual(r.value, { answer: 4, Answer: 5 });
    assert.deepEqual(kinds(r.repairs), ['string_to_integer']);
  });

  test('only where validation failed: a valid object keeps its extra keys', () => {
    const open = { type: 'object', properties: { answer: { type: 'string' } } };
    assert.deepEqual(coerce({ Answer: 'x' }, open), { Answer: 'x' });
  });

  test('without a schema, keys are as written', () => {
    assert.deepEqual(parse('{"Full Name": "x"}'), { 'Full Name': 'x' });
  });

  test('nested, and inside array items', () => {
    const s = { type: 'object', properties: { people: { type: 'array', items: person } }, required: ['people'] };
    const r = coerceWithReport({ people: [{ answer: 'a', full_name: 'b' }, { Answer: 'c', 'full name': 'd' }] }, s);
    assert.deepEqual(r.value, { people: [{ answer: 'a', full_name: 'b' }, { answer: 'c', full_name: 'd' }] });
    assert.deepEqual(
      r.repairs.map((x) => (x as SchemaRepair).path),
      ['/people/1/Answer', '/people/1/full name'],
    );
  });
});

describe('written_number', () => {
  const num = { type: 'number' };
  const cases: Array<[string, number]> = [
    ['1,234', 1234],
    ['-2,000.00', -2000],
    ['1,234,567.5', 1234567.5],
    ['$5', 5],
    ['€1.50', 1.5],
    ['-$5', -5],
    ['$-5', -5],
    ['1.50 €', 1.5],
    ['£1,000', 1000],
    ['50%', 50],
    ['12.5 %', 12.5],
    ['1/3', 1 / 3],
    [' 3/4 ', 0.75],
  ];
  for (const [text, value] of cases) {
    test(`${JSON.stringify(text)} → ${value}`, () => {
      const r = coerceWithReport({ n: text }, { type: 'object', properties: { n: num } });
      assert.deepEqual(r.value, { n: value });
      assert.deepEqual(r.repairs, [{ kind: 'written_number', path: '/n', before: text, after: value }]);
    });
  }

  test('a percentage is the number written, never divided by 100', () => {
    assert.equal(coerce('50%', num), 50);
    assert.notEqual(coerce('50%', num), 0.5);
  });

  test('integers: the value must be a safe integer', () => {
    assert.equal(coerce('1,234', { type: 'integer' }), 1234);
    assert.equal(coerce('4/2', { type: 'integer' }), 2);
    assert.equal(coerce('$7', { type: 'integer' }), 7);
    assert.throws(() => coerce('1/3', { type: 'integer' }), SchemaError);
    assert.throws(() => coerce('$1.50', { type: 'integer' }), SchemaError);
  });

  test('ambiguous or malformed forms are an error naming the path', () => {
    const s = { type: 'object', properties: { price: num } };
    for (const text of ['1,5', '1,23', '1,2345', '0,5', '1.234,5', '12,34,567', '$50%', '4/0', '1/', '$', '5$$', '--5', '1,,234', ',123', '+5', '1 234']) {
      let error: unknown;
      try {
        coerce({ price: text }, s);
      } catch (e) {
        error = e;
      }
      assert.ok(error instanceof SchemaError, text);
      assert.equal(error.path, '/price', text);
    }
  });

  test('only where the schema asks for a number', () => {
    assert.deepEqual(coerce({ s: '$5' }, { type: 'object', properties: { s: { type: 'string' } } }), { s: '$5' });
    assert.deepEqual(parse('{"n": "$5"}'), { n: '$5' });
  });

  test('strict JSON numbers are still string_to_number', () => {
    assert.deepEqual(kinds(coerceWithReport('12', num).repairs), ['string_to_number']);
  });
});

describe('read_from_prose and prose_as_string: a reply with no JSON', () => {
  const sentiment = { enum: ['positive', 'negative'] };

  test('an enum member in the prose, matched ignoring case', () => {
    const text = 'The sentiment is Positive.';
    const r = parseWithReport(text, { schema: sentiment });
    assert.equal(r.value, 'positive');
    assert.deepEqual(r.repairs, [{ kind: 'read_from_prose', path: '', before: text, after: 'positive' }]);
  });

  test('enum members ignoring case and space, whole words only', () => {
    const s = { type: 'string', enum: ['in progress', 'done'] };
    assert.equal(parse('Status:  In   Progress', { schema: s }), 'in progress');
    assert.equal(code(() => parse('It is undone.', { schema: s })), 'NO_JSON');
  });

  test('two different members, or none: NO_JSON', () => {
    assert.equal(code(() => parse('Positive, or maybe negative.', { schema: sentiment })), 'NO_JSON');
    assert.equal(code(() => parse('I cannot tell.', { schema: sentiment })), 'NO_JSON');
    assert.equal(parse('Positive. Clearly positive!', { schema: sentiment }), 'positive');
  });

  test('a boolean', () => {
    const r = parseWithReport('The answer is true.', { schema: { type: 'boolean' } });
    assert.equal(r.value, true);
    assert.deepEqual(kinds(r.repairs), ['read_from_prose']);
    assert.equal(parse('**False**', { schema: { type: 'boolean' } }), false);
    assert.equal(code(() => parse('Either true or false.', { schema: { type: 'boolean' } })), 'NO_JSON');
    assert.equal(code(() => parse('Yes.', { schema: { type: 'boolean' } })), 'NO_JSON');
  });

  test('a number, as written', () => {
    assert.equal(parse('The answer is 42.', { schema: { type: 'integer' } }), 42);
    assert.equal(parse('It costs $1,234.50 in total.', { schema: { type: 'number' } }), 1234.5);
    assert.equal(code(() => parse('Between 3 and 5.', { schema: { type: 'number' } })), 'NO_JSON');
    // For an integer, 2.5 does not fit: the one integer is the answer.
    assert.equal(parse('About 2.5 hours, so 3 slots.', { schema: { type: 'integer' } }), 3);
  });

  test('the value read still meets the rest of the schema', () => {
    assert.equal(code(() => parse('The answer is 42.', { schema: { type: 'integer', maximum: 10 } })), 'NO_JSON');
  });

  test('a string schema: the reply trimmed, its fence removed', () => {
    const r = parseWithReport('  Paris is the capital.\n', { schema: { type: 'string' } });
    assert.equal(r.value, 'Paris is the capital.');
    assert.deepEqual(kinds(r.repairs), ['prose_as_string']);
    assert.equal(parse('```python\nprint("hi")\n```', { schema: { type: 'string' } }), 'print("hi")');
    assert.equal(code(() => parse('   ', { schema: { type: 'string' } })), 'NO_JSON');
  });

  test("a nullable schema (anyOf with null: Zod's .nullable(), BAML's T?) reads prose as its other branch does (BAML's test_null_2)", () => {
    const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
    assert.equal(parse('Paris', { schema: nullable({ type: 'string' }) }), 'Paris');
    assert.equal(parse('Null', { schema: nullable({ type: 'string' }) }), 'Null');
    assert.equal(parse('The answer is One', { schema: nullable({ enum: ['ONE', 'TWO'] }) }), 'ONE');
    assert.equal(parse('about 42 items', { schema: { oneOf: [{ type: 'integer' }, { const: null }] } }), 42);
    // null written as JSON or Python is null.
    assert.equal(parse('None', { schema: nullable({ type: 'string' }) }), null);
    // A node with a type of its own keeps its keywords (review).
    assert.equal(parse('Paris', { schema: { type: ['string', 'null'], anyOf: [{ minLength: 1 }, { type: 'null' }] } }), 'Paris');
  });

  test("an array of scalars: the one value its items ask for, as a list of one (BAML's test_bool_wrapped)", () => {
    const r = parseWithReport('The answer is True', { schema: { type: 'array', items: { type: 'boolean' } } });
    assert.deepEqual([r.value, kinds(r.repairs)], [[true], ['read_from_prose']]);
    assert.deepEqual(parse('Positive.', { schema: { type: 'array', items: { enum: ['positive', 'negative'] } } }), ['positive']);
    assert.equal(code(() => parse('true or false', { schema: { type: 'array', items: { type: 'boolean' } } })), 'NO_JSON');
    // Written twice, the value may be one item or two: no list (`true and true` was [true], one lost).
    assert.equal(code(() => parse('true and true', { schema: { type: 'array', items: { type: 'boolean' } } })), 'NO_JSON');
    assert.equal(code(() => parse('Positive, then positive again', { schema: { type: 'array', items: { enum: ['positive', 'negative'] } } })), 'NO_JSON');
    // A scalar schema reads the one value however often it is written.
    assert.equal(parse('It is true. Yes, true.', { schema: { type: 'boolean' } }), true);
  });

  test("line breaks written as \\n by a reply escaped twice part words (BAML's test_bool_mismatched_case_followed_by_text)", () => {
    assert.equal(parse('False.\\n\\nThe statement "2 + 2 = 5" is incorrect.', { schema: { type: 'boolean' } }), false);
    assert.equal(parse('42\\nBecause reasons.', { schema: { type: 'integer' } }), 42);
  });

  test('without a schema, or with a container schema, prose stays NO_JSON', () => {
    assert.equal(code(() => parse('The sentiment is Positive.')), 'NO_JSON');
    assert.equal(code(() => parse('The answer is true.')), 'NO_JSON');
    assert.equal(code(() => parse('Paris.', { schema: { type: 'object' } })), 'NO_JSON');
    assert.equal(code(() => parse('Paris.', { schema: { type: 'array' } })), 'NO_JSON');
  });

  test('a reply with JSON is read as JSON, not as prose', () => {
    assert.equal(parse('"negative"', { schema: sentiment }), 'negative');
  });

  test('read_from_prose: a value in a quote the reply never closed is cut off, refused (schema probe s38, H3)', () => {
    // Before: `"12` (cut from `"125"`) read as 12, `"high` (cut from `"higher"`) as high: made-up values.
    const number = { type: 'number' };
    const levels = z.enum(['high', 'higher']);
    for (const [text, schema] of [['"12', number], ['The answer is "12', number], ['"high', levels], ['The level is "high', levels]] as const) {
      assert.equal(code(() => parse(text, { schema })), 'REPAIR_REFUSED', text);
      for (const size of [1, 3]) {
        const p = createStreamParser({ schema });
        for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
        assert.throws(() => p.end(), { code: 'REPAIR_REFUSED' }, text);
      }
    }
    assert.equal(parse('"12', { schema: number, acceptTruncated: true }), 12);
    // A quote that ends no value read: the value before it, or quotes that close, stand.
    assert.equal(parse('The TV is 55" wide', { schema: number }), 55);
    assert.equal(parse('She said "yes" and it was 12', { schema: number }), 12);
    assert.equal(parse('The level is "high".', { schema: levels }), 'high');
  });
});

describe('several values for one schema', () => {
  const item = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  const list = { type: 'array', items: item };

  test('collect_into_array: several fences', () => {
    const text = 'First:\n```json\n{"id": 1}\n```\nSecond:\n```json\n{"id": 2}\n```';
    const r = parseWithReport(text, { schema: list });
    assert.deepEqual(r.value, [{ id: 1 }, { id: 2 }]);
    const collect = schemaRepairs(r.repairs);
    assert.deepEqual(collect, [{ kind: 'collect_into_array', path: '', before: [{ id: 1 }, { id: 2 }], after: [{ id: 1 }, { id: 2 }] }]);
  });

  test('collect_into_array: objects in prose; those that do not fit the items are left out, and listed in before', () => {
    const text = 'Shape: {"name": "x"}. Results: {"id": 1} and {"id": "2"}.';
    const r = parseWithReport(text, { schema: list });
    assert.deepEqual(r.value, [{ id: 1 }, { id: 2 }]);
    const repairs = schemaRepairs(r.repairs);
    assert.deepEqual(repairs[0], { kind: 'collect_into_array', path: '', before: [{ name: 'x' }, { id: 1 }, { id: '2' }], after: [{ id: 1 }, { id: 2 }] });
    assert.deepEqual(repairs[1], { kind: 'string_to_integer', path: '/1/id', before: '2', after: 2 });
  });

  test('collect_into_array: a value cut off at the end refuses the reply, as a cut-off value does (schema probe F10)', () => {
    // Before: [{id: 1}, {id: 2}], the third value left out with no word.
    const text = '```json\n{"id": 1}\n```\n```json\n{"id": 2}\n```\n```json\n{"id": 3';
    assert.equal(code(() => parse(text, { schema: list })), 'REPAIR_REFUSED');
    assert.equal(code(() => parse('{"id": 1} and {"id": 2} and {"id": 3', { schema: list })), 'REPAIR_REFUSED');
    const s = createStreamParser({ schema: list });
    s.push(text);
    assert.throws(() => s.end(), { code: 'REPAIR_REFUSED' });
    // Told to accept it, the cut-off value joins as it stands, its cut reported.
    const r = parseWithReport(text, { schema: list, acceptTruncated: true });
    assert.deepEqual(r.value, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    assert.ok(kinds(r.repairs).includes('truncated'));
  });

  test('collect_into_array: a reply that starts with a value, more in the prose after it (schema probe)', () => {
    // Before: [{id: 1}] (wrap_in_array), ids 2 and 3 lost.
    assert.deepEqual(parse('{"id": 1} and {"id": 2} and {"id": 3}', { schema: list }), [{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  test('an array among the candidates is the answer, not a collection', () => {
    assert.deepEqual(parse('Example {"id": 0}. Answer: [{"id": 1}]', { schema: list }), [{ id: 1 }]);
  });

  test('concatenated values for an array schema are the array', () => {
    assert.deepEqual(parse('{"id": 1}\n{"id": 2}', { schema: list }), [{ id: 1 }, { id: 2 }]);
  });

  test('an object schema: the first that validates, in several fences', () => {
    const text = '```json\n{"id": "one"}\n```\n```json\n{"id": 2}\n```';
    assert.deepEqual(parse(text, { schema: item }), { id: 2 });
  });

  test('pick_concatenated_value: an object schema and values written one after another, the one that validates', () => {
    const r = parseWithReport('{"id": "x"}{"id": 2}{"note": "y"}', { schema: item });
    assert.deepEqual(r.value, { id: 2 });
    // One concatenated_values per value after the first, then the pick.
    assert.deepEqual(kinds(r.repairs), ['concatenated_values', 'concatenated_values', 'pick_concatenated_value']);
    assert.deepEqual(r.repairs[2], { kind: 'pick_concatenated_value', path: '', before: [{ id: 'x' }, { id: 2 }, { note: 'y' }], after: { id: 2 } });
    // The same value twice loses nothing, its keys in any order (review).
    assert.deepEqual(parse('{"id": 2}{"id": 2}', { schema: item }), { id: 2 });
    assert.deepEqual(parse('{"id": 2, "n": 1}{"n": 1, "id": 2}', { schema: item }), { id: 2, n: 1 });
  });

  test('values written one after another that the schema accepts alike: REPAIR_REFUSED (openai-node #596: two of three queries were lost)', () => {
    assert.equal(code(() => parse('{"id": "x"}{"id": 2}{"id": 3}', { schema: item })), 'REPAIR_REFUSED');
    assert.throws(() => parse('{"id": 1}\n{"id": 2}', { schema: item }), /values 1 and 2 both match the schema/);
  });

  test('an empty value before or after one that fits and says something: that one (openai-agents-js #712, litellm #4537)', () => {
    // Bedrock's Claude writes `{}` before a tool's arguments; every property optional, both fit.
    const optional = { type: 'object', properties: { location: { type: 'string' }, unit: { type: 'string' } } };
    const r = parseWithReport('{}{"location": "Paris"}', { schema: optional });
    assert.deepEqual(r.value, { location: 'Paris' });
    assert.deepEqual(kinds(r.repairs), ['concatenated_values', 'pick_concatenated_value']);
    assert.deepEqual(parse('{"location": "Paris"}\n{}', { schema: optional }), { location: 'Paris' });
    assert.deepEqual(parse('{}{}', { schema: optional }), {});
    // Two that say different things are still a guess.
    assert.equal(code(() => parse('{}{"location": "Paris"}{"location": "Rome"}', { schema: optional })), 'REPAIR_REFUSED');
  });

  test('none validates: the first candidate\'s error', () => {
    const error = (() => {
      try {
        parse('{"id": "x"}{"id": "y"}', { schema: item });
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof SchemaError);
  });
});

describe('string values written as code blocks (engine rules triple_quotes, backtick_quotes, fenced_value)', () => {
  const s = { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] };

  test('triple quotes, with quotes of the other kind and single quotes inside', () => {
    assert.deepEqual(parse('{"code": """print("hi")"""}', { schema: s }), { code: 'print("hi")' });
  });

  test('backticks', () => {
    assert.deepEqual(parse('{"code": `print("hi")`}', { schema: s }), { code: 'print("hi")' });
  });

  test('a fenced block as a value: the code inside, language tag dropped (fenced_value)', () => {
    assert.deepEqual(parse('{"code": ```python\nprint("hi")\n```}', { schema: s }), { code: 'print("hi")' });
    assert.deepEqual(parse('Here you go:\n{"code": ```js\nconst s = `x`;\n```}', { schema: s }), { code: 'const s = `x`;' });
  });

  test('backticks inside a backtick string, quotes of the same kind inside triple quotes', () => {
    assert.deepEqual(parse('{"code": `run `ls` now`}', { schema: s }), { code: 'run `ls` now' });
    assert.deepEqual(parse('{"code": """say "hi""""}', { schema: s }), { code: 'say "hi"' });
  });
});

describe('unions: the alternative with the fewest repairs wins, ties by order', () => {
  test('fewest repairs', () => {
    const s = { anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'integer' }] };
    // "5" → integer needs one repair; → [5] needs two (wrap, then convert the item).
    const r = coerceWithReport('5', s);
    assert.equal(r.value, 5);
    assert.deepEqual(kinds(r.repairs), ['string_to_integer']);
  });

  test('a tie goes to the first alternative', () => {
    const first = { oneOf: [{ type: 'integer' }, { type: 'boolean' }] };
    assert.equal(coerce(['1'], { anyOf: [{ type: 'string' }, { type: 'integer' }] }), '1');
    assert.equal(coerce('true', { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['TRUE'] }] }), true);
    assert.equal(coerce('True', { anyOf: [{ type: 'string', enum: ['true'] }, { type: 'boolean' }] }), 'true');
    assert.equal(coerce('7', first), 7);
  });

  test('the alternatives are repaired with the new kinds too', () => {
    const s = { anyOf: [{ type: 'null' }, { type: 'number' }] };
    assert.equal(coerce('$1,000', s), 1000);
  });
});

describe('salvage: true', () => {
  const list = { type: 'array', items: { type: 'integer' } };

  test('drop_invalid_item: items that cannot be made to fit are dropped, each reported', () => {
    const r = coerceWithReport([1, 'x', '3', { a: 1 }], list, { salvage: true });
    assert.deepEqual(r.value, [1, 3]);
    assert.deepEqual(r.repairs, [
      { kind: 'string_to_integer', path: '/2', before: '3', after: 3 },
      { kind: 'drop_invalid_item', path: '/3', before: { a: 1 }, after: undefined },
      { kind: 'drop_invalid_item', path: '/1', before: 'x', after: undefined },
    ]);
  });

  test('nested arrays: the innermost array on the failing path loses the item', () => {
    const s = { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { tags: list } } } } };
    const value = { rows: [{ tags: [1, 'no'] }, { tags: [2] }] };
    assert.deepEqual(coerce(value, s, { salvage: true }), { rows: [{ tags: [1] }, { tags: [2] }] });
    assert.deepEqual(value, { rows: [{ tags: [1, 'no'] }, { tags: [2] }] }, 'the caller\'s value is not mutated');
  });

  test('fill_default: missing properties with a default, with their paths', () => {
    const s = {
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer', default: 10 }, opts: { type: 'object', properties: { deep: { type: 'boolean', default: false } } } },
      required: ['q'],
    };
    const r = parseWithReport('{"q": "x", "opts": {}}', { schema: s, salvage: true });
    assert.deepEqual(r.value, { q: 'x', opts: { deep: false }, limit: 10 });
    assert.deepEqual(schemaRepairs(r.repairs).map((x) => [x.kind, x.path, x.after]), [
      ['fill_default', '/limit', 10],
      ['fill_default', '/opts/deep', false],
    ]);
  });

  test('a required property with a default is filled too', () => {
    const s = { type: 'object', properties: { n: { type: 'integer', default: 1 } }, required: ['n'] };
    assert.deepEqual(coerce({}, s, { salvage: true }), { n: 1 });
  });

  test('only when asked: without salvage, the same values are errors or left alone', () => {
    assert.throws(() => coerce([1, 'x'], list), SchemaError);
    assert.deepEqual(parse('{"q": "x"}', { schema: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } } }), { q: 'x' });
  });

  test('what cannot be salvaged is still an error', () => {
    const s = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    assert.throws(() => coerce({ n: 'x' }, s, { salvage: true }), SchemaError);
    assert.throws(() => coerce([1], { type: 'array', items: { type: 'integer' }, minItems: 2 }, { salvage: true }), SchemaError);
  });

  test('a cut-off reply is not salvaged', () => {
    assert.throws(() => parse('[1, "x", 3', { schema: list, salvage: true }), SchemaError);
  });
});

describe('written_number, properties', () => {
  test('any number as en-US formats it (thousands separators, a currency sign, a percent sign) reads back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 2 }), fc.constantFrom('', '$', '€', '%'), (whole, digits, mark) => {
        const n = whole / 10 ** digits;
        const written = Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
        const text = (n < 0 ? '-' : '') + (mark === '%' ? `${written}%` : `${mark}${written}`);
        const expected = Number((n < 0 ? '-' : '') + written.replace(/,/g, ''));
        assert.equal(coerce(text, { type: 'number' }), expected, text);
      }),
      { seed: 515867146, numRuns: 300 },
    );
  });

  test('a comma that does not group thousands is never read', () => {
    fc.assert(
      fc.property(fc.nat(999), fc.stringMatching(/^[0-9]{1,2}$|^[0-9]{4,6}$/), (head, tail) => {
        assert.throws(() => coerce(`${head},${tail}`, { type: 'number' }), SchemaError);
      }),
      { seed: 1773712028, numRuns: 200 },
    );
  });
});

describe("enum_with_text: an enum member and a note in one string (BAML's from_string_with_extra_text)", () => {
  const options = { enum: ['ONE', 'TWO', 'ONE-TWO'] };
  test('the member the string starts with, then a mark and a note', () => {
    const r = parseWithReport('"ONE: The description of k1"', { schema: options });
    assert.equal(r.value, 'ONE');
    assert.deepEqual(schemaRepairs(r.repairs).map((x) => [x.kind, x.before, x.after]), [['enum_with_text', 'ONE: The description of k1', 'ONE']]);
    assert.equal(parse('"two - because it is cheaper"', { schema: options }), 'TWO');
    assert.equal(parse('"TWO!@#"', { schema: { const: 'TWO' } }), 'TWO');
    assert.equal(parse('"ONE-TWO: both"', { schema: options }), 'ONE-TWO');
    assert.deepEqual(parse('{"c": "ONE. First"}', { schema: { type: 'object', properties: { c: options } } }), { c: 'ONE' });
  });
  test('a note that names another member, or a member then more words, is no member', () => {
    assert.equal(code(() => parse('"ONE - is the answer, not TWO"', { schema: options })), 'SCHEMA_MISMATCH');
    assert.equal(code(() => parse('"no idea"', { schema: { enum: ['yes', 'no'] } })), 'SCHEMA_MISMATCH');
    // A dash or full stop inside a word is no mark (review).
    assert.equal(code(() => parse('"No-one knows"', { schema: { enum: ['yes', 'no'] } })), 'SCHEMA_MISMATCH');
    assert.equal(code(() => parse('"Valid-looking but broken"', { schema: { enum: ['valid', 'invalid'] } })), 'SCHEMA_MISMATCH');
  });
  test('a note holding a quote, a key and a colon is a member the string swallowed, not a note (schema probe s36 diff3, F2)', () => {
    // Two closing quotes lost: `status` ran on over `"priority": 2`; cut to "open", the 2 was gone and Zod's default made up 3.
    const text = '{"status": "open, "priority: 2}';
    const json = { type: 'object', properties: { status: { enum: ['open', 'done'] }, priority: { type: 'integer', default: 3 } }, required: ['status'] };
    assert.equal(code(() => parse(text, { schema: json })), 'SCHEMA_MISMATCH');
    assert.equal(code(() => parse(text, { schema: z.object({ status: z.enum(['open', 'done']), priority: z.int().default(3) }) })), 'SCHEMA_MISMATCH');
    assert.equal(code(() => parse('{"sentiment": "positive, "quote: "lasts two days"}', { schema: z.strictObject({ sentiment: z.enum(['positive', 'negative']), quote: z.string().optional() }) })), 'SCHEMA_MISMATCH');
    for (const size of [1, 3]) {
      const s = createStreamParser({ schema: json });
      for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
      assert.throws(() => s.end(), SchemaError, `chunks of ${size}`);
    }
    // A note with a colon but no quoted key is still a note.
    assert.equal(parse('"ONE: see \\"notes\\" below"', { schema: options }), 'ONE');
  });
});

// BAML's own tests (test_international.rs, test_unions.rs, test_enum.rs; session 32): prose read
// through a union of literals, a union of scalars with a string, and an enum written in its own case.
describe('prose through unions, and an enum member in its own case (BAML)', () => {
  test('a union of literals reads as their enum (Zod 4 writes z.union of literals so)', () => {
    const cities = { anyOf: [{ const: 'Paris' }, { const: 'London' }] };
    assert.equal(parse('Paris', { schema: cities }), 'Paris');
    assert.deepEqual(schemaRepairs(parseWithReport('The capital is London.', { schema: { oneOf: cities.anyOf } }).repairs).map((r) => [r.kind, r.after]), [['read_from_prose', 'London']]);
    assert.equal(code(() => parse('Paris or London', { schema: cities })), 'NO_JSON');
  });
  test('a union of scalars with a string takes the text as the string, not a number in it', () => {
    const r = parseWithReport('1 cup unsalted butter, room temperature', { schema: { anyOf: [{ type: 'number' }, { type: 'string' }] } });
    assert.deepEqual([r.value, schemaRepairs(r.repairs).map((x) => x.kind)], ['1 cup unsalted butter, room temperature', ['prose_as_string']]);
    assert.equal(parse('1 cup butter', { schema: { type: ['number', 'string'] } }), '1 cup butter');
    // With an object among the branches, prose is no value.
    assert.equal(code(() => parse('1 cup butter', { schema: { anyOf: [{ type: 'object' }, { type: 'string' }] } })), 'NO_JSON');
  });
  test('one member written in its own case beats others matched ignoring case (a common word)', () => {
    assert.equal(parse('TWO is one of the answers', { schema: { enum: ['ONE', 'TWO'] } }), 'TWO');
    assert.equal(code(() => parse('one or two', { schema: { enum: ['ONE', 'TWO'] } })), 'NO_JSON');
    // Members not in capitals only: a sentence's first word is capitalised (the review).
    assert.equal(code(() => parse('No doubt about it, yes.', { schema: { enum: ['Yes', 'No'] } })), 'NO_JSON');
    assert.equal(code(() => parse('Negative reviews are rare; this one is positive.', { schema: { enum: ['Positive', 'Negative'] } })), 'NO_JSON');
  });
});

// langchain #29282 (deepseek-chat, session 32's survey): asked for JSON, the model wrote a markdown
// list of the fields. With an object schema, NO_JSON.
describe('an object read from labelled lines through its schema', () => {
  const person = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' }, email: { type: 'string' } }, required: ['name', 'age', 'email'] };
  test('each label a declared property, every required one there; the values read as their properties ask', () => {
    const r = parseWithReport('Here is the extracted information:\n\n- **Name**: John Doe  \n- **Age**: 30  \n- **Email**: john.doe@example.com', { schema: person });
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'John Doe', age: 30, email: 'john.doe@example.com' }, ['read_from_prose', 'string_to_integer']]);
    assert.deepEqual(parse('1. **Name:** Jo\n2. **Full-Age:** 4\n3. Email: x@y', { schema: { ...person, properties: { ...person.properties, full_age: { type: 'integer' } }, required: ['name'] } }), { name: 'Jo', full_age: 4, email: 'x@y' });
  });
  test('nothing in the block is dropped: lines under a value, a list under a label, a label no property declares (schema probe F1–F3)', () => {
    const open = { type: 'object', properties: { name: { type: 'string' }, bio: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name'] };
    // Before: bio "line one", tags [""], and Email dropped, each with no word.
    assert.deepEqual(parse('Name: Ada\nBio: line one\nline two', { schema: open }), { name: 'Ada', bio: 'line one\nline two' });
    assert.deepEqual(parse('Name: Ada\nTags:\n- a\n- b', { schema: open }), { name: 'Ada', tags: ['a', 'b'] });
    assert.deepEqual(parse('Name: Ada\nBio: x\nEmail: a@b', { schema: open }), { name: 'Ada', bio: 'x', Email: 'a@b' });
    // A schema that allows no other member strips it, and says so.
    const r = parseWithReport('Name: Ada\nBio: x\nEmail: a@b', { schema: { ...open, additionalProperties: false } });
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'Ada', bio: 'x' }, ['read_from_prose', 'strip_extra_properties']]);
    // Prose after a blank line is set aside, as after JSON.
    assert.deepEqual(parse('Name: Ada\nBio: x\n\nLet me know if you need more.', { schema: open }), { name: 'Ada', bio: 'x' });
  });
  test('a required property missing, one named twice, or a value the schema rejects: no value', () => {
    for (const text of ['Name: John\nAge: 30', 'Name: John\nName: Jane\nAge: 3\nEmail: a@b', 'Name: John\nAge: thirty\nEmail: a@b.c', 'I could not find it.']) {
      assert.equal(code(() => parse(text, { schema: person })), 'NO_JSON', text);
    }
  });
});

// Session 33's schema probe: prose read against its words.
describe('prose read as it is meant: negation, scale words, numbers that are not the one', () => {
  test('a member after "not" is not written; a member inside a longer one is part of it (probe F23)', () => {
    // Before: "spam", and true.
    assert.equal(parse('This is not spam.', { schema: { enum: ['spam', 'not_spam'] } }), 'not_spam');
    assert.equal(code(() => parse('The sentiment is not positive.', { schema: { enum: ['positive', 'negative'] } })), 'NO_JSON');
    assert.equal(parse('The sentiment is not positive but negative.', { schema: { enum: ['positive', 'negative'] } }), 'negative');
    assert.equal(parse('The statement is not true.', { schema: { type: 'boolean' } }), false);
    assert.equal(parse('It is in progress.', { schema: { enum: ['in_progress', 'done'] } }), 'in_progress');
  });
  test('a scale word multiplies the number before it (probe F24)', () => {
    // Before: 2.5.
    assert.equal(parse('about 2.5 million', { schema: { type: 'number' } }), 2_500_000);
    assert.equal(parse('roughly 1.1 million people', { schema: { type: 'integer' } }), 1_100_000);
  });
  test('thousands among a list are no list (probe F26)', () => {
    // Before: [5, 1, 0].
    assert.equal(code(() => parse('5, 1,000', { schema: { type: 'array', items: { type: 'integer' } } })), 'NO_JSON');
    assert.deepEqual(parse('10,0,0,10,5', { schema: { type: 'array', items: { type: 'integer' } } }), [10, 0, 0, 10, 5]);
  });
});
