// Calls written with a given tool's name as their markup, no call token around them (session 35):
// Cline's and Roo Code's XML tool use (`<read_file>⏎<path>…</path>⏎</read_file>`), the self-closing
// attribute tag (`<run_command command="ls" />`), the same attributes bare on a line
// (`web_fetch url="…"`), and Gemma's call with its special tokens stripped (`call:NAME{…}`).
// Each case is written in our own words, modelled on the shapes the threads show.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallOptions } from '../../src/index.js';
import { readBoth } from './read-both.js';

const tools: ToolCallOptions['tools'] = [
  { name: 'read_file', schema: { type: 'object', properties: { path: { type: 'string' }, start_line: { type: 'integer' } }, required: ['path'] } },
  { name: 'run_command', schema: { type: 'object', properties: { command: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'integer' } }, required: ['command'] } },
  { name: 'list_files', schema: { type: 'object', properties: { path: { type: 'string' }, recursive: { type: 'boolean' } }, required: ['path'] } },
  { name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } },
  { name: 'web_fetch', schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
];

function read(text: string, given: ToolCallOptions['tools'] = tools): ReturnType<typeof extractToolCalls> {
  return readBoth(text, given);
}

function shown(text: string, given?: ToolCallOptions['tools']): [Array<[string, string, unknown, string[]]>, string] {
  const r = read(text, given);
  return [r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text];
}

/** The text stays as it is: no call, no error. */
function prose(text: string, given?: ToolCallOptions['tools']): void {
  assert.deepEqual(shown(text, given), [[], text.trim()], text);
}

/** extractToolCalls and the stream's end() both throw `code`, the message matching `pattern`. */
function throwsCode(text: string, code: string, pattern: RegExp): void {
  const check = (e: unknown) => {
    assert.ok(e instanceof JsonMendError, String(e));
    assert.equal(e.code, code);
    assert.match(e.message, pattern);
    return true;
  };
  assert.throws(() => extractToolCalls(text, { tools }), check, text);
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.throws(() => s.end(), check, `${text} in ${size}-character chunks`);
  }
}

describe("tool_tags: Cline's and Roo Code's XML tool use, the tool's name as the tag", () => {
  test('child tags are the parameters, read by the schema; the prose around stays text', () => {
    // Roo-Code #10464 (Qwen3-Coder-480B): <read_file><path>package.json</path></read_file>.
    assert.deepEqual(shown('<read_file><path>package.json</path></read_file>'), [[['tool_tags', 'read_file', { path: 'package.json' }, []]], '']);
    assert.deepEqual(shown("I'll read it first.\n\n<read_file>\n<path>src/a.ts</path>\n<start_line>10</start_line>\n</read_file>"),
      [[['tool_tags', 'read_file', { path: 'src/a.ts', start_line: 10 }, []]], "I'll read it first."]);
    assert.deepEqual(shown('<list_files>\n<path>src</path>\n<recursive>true</recursive>\n</list_files>\nThen I will look.'),
      [[['tool_tags', 'list_files', { path: 'src', recursive: true }, []]], 'Then I will look.']);
  });

  test('attributes are the parameters: self-closing, or closed by its own closer', () => {
    // Extra-Chill/data-machine #2436: <workspace_read path="README.md" />.
    assert.deepEqual(shown('<run_command command="ls -la" />'), [[['tool_tags', 'run_command', { command: 'ls -la' }, []]], '']);
    assert.deepEqual(shown("Listing.\n<run_command command=\"ls\" cwd='/tmp' timeout=\"30\"></run_command>"),
      [[['tool_tags', 'run_command', { command: 'ls', cwd: '/tmp', timeout: 30 }, []]], 'Listing.']);
    assert.deepEqual(shown('<run_command cwd="/tmp">\n<command>ls -la</command>\n</run_command>'),
      [[['tool_tags', 'run_command', { cwd: '/tmp', command: 'ls -la' }, []]], '']);
  });

  test('a JSON body is the arguments; text, for a tool whose one parameter takes a string, its value', () => {
    assert.deepEqual(shown('<read_file>{"path": "a.ts", "start_line": "3"}</read_file>'), [[['tool_tags', 'read_file', { path: 'a.ts', start_line: 3 }, []]], '']);
    assert.deepEqual(shown('<web_fetch>\nhttps://example.com/a\n</web_fetch>'), [[['tool_tags', 'web_fetch', { url: 'https://example.com/a' }, ['arguments_as_text']]], '']);
    assert.deepEqual(shown('<read-file path="a.ts" />'), [[['tool_tags', 'read_file', { path: 'a.ts' }, ['name_separator']]], '']);
  });

  test('several calls, text between them kept', () => {
    assert.deepEqual(shown('First the file:\n<read_file>\n<path>a.ts</path>\n</read_file>\nThen the folder:\n<list_files path="src" recursive="false"/>\nDone.'), [[
      ['tool_tags', 'read_file', { path: 'a.ts' }, []], ['tool_tags', 'list_files', { path: 'src', recursive: false }, []],
    ], 'First the file:\nThen the folder:\nDone.']);
  });

  test('cut off by the reply\'s end, or a body of text that is no parameter: the error naming the call', () => {
    throwsCode('<read_file>\n<path>src/a', 'UNREPAIRABLE', /"read_file" \(tool_tags, line 1\) is cut off/);
    throwsCode('Reading.\n<read_file>', 'UNREPAIRABLE', /"read_file" \(tool_tags, line 2\) is cut off/);
    throwsCode('<run_command command="ls -la', 'UNREPAIRABLE', /"run_command" \(tool_tags, line 1\) is cut off/);
    throwsCode('<run_command command="ls" command="pwd" />', 'UNREPAIRABLE', /"run_command" \(tool_tags, line 1\).*"command" twice/);
    throwsCode('<run_command command="ls">\n<command>pwd</command>\n</run_command>', 'UNREPAIRABLE', /"command" twice/);
    throwsCode('<get_weather>\nParis, for three days\n</get_weather>', 'UNREPAIRABLE', /"get_weather" \(tool_tags, line 1\).*no <KEY>value<\/KEY> parameter/);
  });

  test('tags that are no given tool, HTML, a name in a sentence, a tag inside a line, a fence, a reasoning draft: text', () => {
    prose('Put the file in <path>src/a.ts</path> please.');
    prose('<path>src/a.ts</path>');
    prose('<div class="note">\n<p>Hello</p>\n</div>');
    prose('Use read_file to read a file, and run_command to run one.');
    prose('You can call <read_file> with a <path> child, like <read_file><path>a</path></read_file>.');
    prose('Example:\n```xml\n<read_file>\n<path>src/a.ts</path>\n</read_file>\n```');
    prose('<think>\n<read_file>\n<path>a.ts</path>\n</read_file>\n</think>\nNo need to read it.');
    // Without tools, no tag is a call.
    prose('<read_file>\n<path>src/a.ts</path>\n</read_file>', []);
  });
});
describe('tool_tags: a given tool\'s name and its attributes bare on a line, standing apart', () => {
  test('a paragraph of nothing but such lines: the calls', () => {
    // odysseus #2447: web_fetch url="https://www.iana.org/help/example-domains" from a local model.
    assert.deepEqual(shown('web_fetch url="https://www.iana.org/help/example-domains"'), [[['tool_tags', 'web_fetch', { url: 'https://www.iana.org/help/example-domains' }, []]], '']);
    assert.deepEqual(shown('Sure.\n\nrun_command command="ls -la" cwd="/tmp" timeout="5"\nread_file path=\'a.ts\'\n\nDone.'), [[
      ['tool_tags', 'run_command', { command: 'ls -la', cwd: '/tmp', timeout: 5 }, []], ['tool_tags', 'read_file', { path: 'a.ts' }, []],
    ], 'Sure.\n\nDone.']);
  });

  test('in a paragraph with prose, with prose after it, in a sentence, in a fence, naming no tool: text', () => {
    prose('I will run:\nrun_command command="ls"');
    prose('run_command command="ls" and then the tests.');
    prose('Use run_command command="ls" to list.');
    prose('```sh\nrun_command command="ls"\n```');
    prose('set_alarm at="7:00"');
    prose('run_command command="ls"', []);
  });

  test('cut off by the reply\'s end: the error naming the call', () => {
    throwsCode('Sure.\n\nrun_command command="ls -la', 'UNREPAIRABLE', /"run_command" \(tool_tags, line 3\) is cut off/);
  });
});

describe("gemma: Gemma's call with its special tokens stripped by the server, call:NAME{…} at a line's start", () => {
  const paris = ['gemma', 'get_weather', { city: 'Paris' }, ['lost_call_token']];
  test('a given tool\'s name: the call (rewrite lost_call_token)', () => {
    assert.deepEqual(shown('call:get_weather{city:<escape>Paris<escape>}'), [[paris], '']);
    assert.deepEqual(shown('call:get_weather{"city": "Paris"}'), [[paris], '']);
    assert.deepEqual(shown('Let me check.\ncall:get_weather{city:<|"|>Paris<|"|>,days:3}\nOne moment.'),
      [[['gemma', 'get_weather', { city: 'Paris', days: 3 }, ['lost_call_token']]], 'Let me check.\nOne moment.']);
    // The call's closing token left by the server goes with it.
    assert.deepEqual(shown('call:get_weather{city:<escape>Paris<escape>}<tool_call|>\nDone.'), [[paris], 'Done.']);
    assert.deepEqual(shown('call:get-weather(city:<escape>Paris<escape>)'), [[['gemma', 'get_weather', { city: 'Paris' }, ['lost_call_token', 'name_separator']]], '']);
    assert.deepEqual(shown('call:get_weather{"city": "Paris {old town}"}'), [[['gemma', 'get_weather', { city: 'Paris {old town}' }, ['lost_call_token']]], '']);
  });

  test('a tool name in another script or with a colon (as TOOL_NAME allows) is read as the scanner reads it', () => {
    const named: ToolCallOptions['tools'] = [{ name: '获取天气' }, { name: 'fs:read' }];
    assert.deepEqual(shown('<获取天气 city="Paris" />', named), [[['tool_tags', '获取天气', { city: 'Paris' }, []]], '']);
    assert.deepEqual(shown('<fs:read path="a.ts" />', named), [[['tool_tags', 'fs:read', { path: 'a.ts' }, []]], '']);
    assert.deepEqual(shown('call:fs:read{path:<escape>a.ts<escape>}', named), [[['gemma', 'fs:read', { path: 'a.ts' }, ['lost_call_token']]], '']);
  });

  test("a single-quoted value holding the closer: the quote's ) or } closes nothing", () => {
    // Each closed at the quoted `)` or `}`, the rest of the line read as prose after a mention: no call.
    assert.deepEqual(shown("call:get_weather(city='Paris (FR)')"), [[['gemma', 'get_weather', { city: 'Paris (FR)' }, ['lost_call_token']]], '']);
    assert.deepEqual(shown("Checking.\ncall:get_weather{city:'Paris}', days: 2}\nDone."),
      [[['gemma', 'get_weather', { city: 'Paris}', days: 2 }, ['lost_call_token']]], 'Checking.\nDone.']);
    // An apostrophe inside a bare word opens no string.
    assert.deepEqual(shown("call:get_weather{city:Paris's centre}"), [[['gemma', 'get_weather', { city: "Paris's centre" }, ['lost_call_token']]], '']);
    throwsCode("call:get_weather(city='Paris)", 'UNREPAIRABLE', /"get_weather" \(gemma, line 1\) is cut off/);
  });

  test('a name no tool has, inside a line, in a fence, without tools: text, no error', () => {
    prose('call:set_alarm{at:<escape>7:00<escape>}');
    prose('Write call:get_weather{city: "Paris"} to call it.');
    prose('call:get_weather{city: "Paris"} is how you would call it.');
    prose('```\ncall:get_weather{city:<escape>Paris<escape>}\n```');
    prose('call:get_weather{city:<escape>Paris<escape>}', []);
  });

  test('cut off by the reply\'s end: the error naming the call', () => {
    throwsCode('call:get_weather{city:<escape>Par', 'UNREPAIRABLE', /"get_weather" \(gemma, line 1\) is cut off/);
  });
});
