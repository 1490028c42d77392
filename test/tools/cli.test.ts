// `jsonmend tools`: one reply or JSONL lines, run through the built CLI as a user would.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, cli, jsonLines, tempDir } from '../cli/cli.js';

describe('jsonmend tools', () => {
  const dir = tempDir();
  const toolsFile = join(dir, 'tools.json');
  const openaiTools = join(dir, 'openai-tools.json');
  before(() => {
    build();
    writeFileSync(toolsFile, JSON.stringify([{ name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } }]));
    writeFileSync(openaiTools, JSON.stringify([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }]));
  });

  test('one reply from standard input: calls and the remaining text', async () => {
    const r = await cli(['tools', '--tools', toolsFile], { input: 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": "2"}}\n</tool_call>' });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { calls: Array<{ name: string; arguments: unknown; format: string }>; text: string };
    assert.deepEqual(out.calls.map((c) => [c.name, c.arguments, c.format]), [['get_weather', { city: 'Oslo', days: 2 }, 'hermes']]);
    assert.equal(out.text, 'Checking.');
  });

  test('OpenAI tool definitions as the tools file; a file argument', async () => {
    const reply = join(dir, 'reply.txt');
    writeFileSync(reply, '[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}');
    const r = await cli(['tools', '--tools', openaiTools, reply]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { calls: Array<{ arguments: unknown }> }).calls.map((c) => c.arguments), [{ city: 'Lyon' }]);
  });

  test('an unknown tool: exit 1 and a message naming the tools', async () => {
    const r = await cli(['tools', '--tools', toolsFile], { input: '<tool_call>{"name": "nope", "arguments": {}}</tool_call>' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /"nope".*"get_weather"/);
  });

  test('JSONL: one result per line, a failed line as an error record, exit 1', async () => {
    const lines = [
      JSON.stringify('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Rome"}<|call|>'),
      JSON.stringify({ reply: 'no call here' }),
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Pa',
    ].join('\n');
    const r = await cli(['tools', '--tools', toolsFile, '--jsonl'], { input: lines });
    assert.equal(r.code, 1);
    const out = jsonLines(r.stdout) as Array<Record<string, unknown>>;
    assert.equal(out.length, 3);
    assert.deepEqual((out[0].calls as Array<{ arguments: unknown }>).map((c) => c.arguments), [{ city: 'Rome' }]);
    assert.deepEqual(out[1].calls, []);
    assert.equal((out[2] as { line: number; error: { code: string } }).line, 3);
    assert.equal((out[2] as { error: { code: string } }).error.code, 'UNREPAIRABLE');
  });

  test('JSONL with --field', async () => {
    const r = await cli(['tools', '--tools', toolsFile, '--jsonl', '--field', 'reply'], { input: JSON.stringify({ reply: '{"name": "get_weather", "parameters": {"city": "Nice"}}' }) });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(((jsonLines(r.stdout)[0] as { calls: Array<{ arguments: unknown }> }).calls).map((c) => c.arguments), [{ city: 'Nice' }]);
  });

  test('--help, and the command list names tools', async () => {
    const r = await cli(['tools', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: jsonmend tools --tools TOOLS.json/);
    assert.match((await cli(['--help'])).stdout, /^  tools /m);
  });

  test('usage errors: no --tools, a tools file that is not JSON', async () => {
    assert.equal((await cli(['tools'], { input: 'x' })).code, 2);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{nope');
    assert.equal((await cli(['tools', '--tools', broken], { input: 'x' })).code, 2);
  });
});
