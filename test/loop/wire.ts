// Loopback HTTP servers that speak the providers' wire formats and replay scripted replies.
import { after, before } from 'node:test';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** Writes one scripted answer. */
export type Script = (res: ServerResponse, request: Recorded) => void | Promise<void>;

/** A running scripted server. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: Recorded[];
  /** Queue answers, one per request, in order. */
  script(...answers: Script[]): void;
  /** Requests whose connection was closed by the client before the answer finished. */
  clientAborts: number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1, port 0. Unscripted requests get HTTP 599. */
export async function startServer(): Promise<ScriptedServer> {
  const queue: Script[] = [];
  const requests: Recorded[] = [];
  const state = { clientAborts: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // leave as text
      }
      const recorded: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) state.clientAborts++;
      });
      const answer = queue.shift();
      if (!answer) {
        res.writeHead(599, { 'content-type': 'text/plain' }).end('no scripted answer');
        return;
      }
      void Promise.resolve(answer(res, recorded)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...answers) => queue.push(...answers),
    get clientAborts() {
      return state.clientAborts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Script {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

/** A plain-text answer (error pages). */
export function text(body: string, status: number): Script {
  return (res) => {
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
}

/** Never answers (until the client gives up or the server closes). */
export function hang(): Script {
  return (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
  };
}

/** Server-sent events, one write per event (so chunk boundaries are real). */
export function sse(events: Array<{ event?: string; data: unknown }>): Script {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const e of events) {
      const data = typeof e.data === 'string' ? e.data : JSON.stringify(e.data);
      res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${data}\n\n`);
      await tick();
    }
    res.end();
  };
}

/** NDJSON lines, one write per line. */
export function ndjson(lines: unknown[]): Script {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const line of lines) {
      res.write(`${JSON.stringify(line)}\n`);
      await tick();
    }
    res.end();
  };
}

function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Splits text into pieces of `size` characters. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

// --- wire formats -------------------------------------------------------------------------------

/** An OpenAI Chat Completions body. */
export function openaiBody(content: string | null, finish = 'stop', extra: Record<string, unknown> = {}): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content, ...extra }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** An OpenAI SSE stream of `content` in 4-character deltas. */
export function openaiStream(content: string, finish = 'stop'): Script {
  const events: Array<{ data: unknown }> = [{ data: { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } }];
  for (const p of pieces(content, 4)) events.push({ data: { choices: [{ index: 0, delta: { content: p }, finish_reason: null }] } });
  events.push({ data: { choices: [{ index: 0, delta: {}, finish_reason: finish }] } });
  events.push({ data: { choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } } });
  events.push({ data: '[DONE]' });
  return sse(events);
}

/** An Ollama /api/chat body. */
export function ollamaBody(content: string, doneReason = 'stop'): unknown {
  return {
    model: 'm',
    message: { role: 'assistant', content },
    done: true,
    done_reason: doneReason,
    prompt_eval_count: 7,
    eval_count: 3,
  };
}

/** An Ollama NDJSON stream. */
export function ollamaStream(content: string, doneReason = 'stop'): Script {
  const lines: unknown[] = pieces(content, 4).map((p) => ({ model: 'm', message: { role: 'assistant', content: p }, done: false }));
  lines.push({ model: 'm', message: { role: 'assistant', content: '' }, done: true, done_reason: doneReason, prompt_eval_count: 7, eval_count: 3 });
  return ndjson(lines);
}

/** An Anthropic Messages body with a tool_use block (or text when `input` is a string). */
export function anthropicBody(input: unknown, stop = 'tool_use', name = 'response'): unknown {
  const content =
    typeof input === 'string'
      ? [{ type: 'text', text: input }]
      : [{ type: 'tool_use', id: 'toolu_1', name, input }];
  return { id: 'msg_1', type: 'message', role: 'assistant', content, stop_reason: stop, usage: { input_tokens: 12, output_tokens: 6 } };
}

/** An Anthropic SSE stream whose tool input arrives as input_json_delta pieces of `json`. */
export function anthropicStream(json: string, stop = 'tool_use', name = 'response'): Script {
  const events: Array<{ event: string; data: unknown }> = [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 12, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name, input: {} } } },
    { event: 'ping', data: { type: 'ping' } },
  ];
  for (const p of pieces(json, 5)) {
    events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: p } } });
  }
  events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } });
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 6 } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return sse(events);
}

/** A body written as the given raw chunks, one write each (for framing edge cases). */
export function raw(chunks: Array<string | Buffer>, contentType = 'text/event-stream', status = 200, headers: Record<string, string> = {}): Script {
  return async (res) => {
    res.writeHead(status, { 'content-type': contentType, ...headers });
    for (const c of chunks) {
      res.write(c);
      await tick();
    }
    res.end();
  };
}

/**
 * A body of `total` bytes of `fill`, written lazily in 64 KiB pieces while the client reads; `written()` tells
 * how much went out before the client stopped reading.
 */
export function huge(total: number, status = 200, contentType = 'text/plain', head = '', fill = 'x'): Script & { written(): number } {
  let written = 0;
  const script = (async (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': contentType });
    const piece = Buffer.from(fill.repeat(65536 / fill.length));
    if (head) {
      res.write(head);
      written += head.length;
    }
    while (written < total && !res.destroyed) {
      const ok = res.write(piece);
      written += piece.length;
      if (!ok) await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
    if (!res.destroyed) res.end();
  }) as unknown as Script & { written(): number };
  script.written = () => written;
  return script;
}

/** OpenAI SSE events for `content` in 4-character deltas, without the finish event, usage or [DONE]. */
export function openaiCutStream(content: string): Script {
  const events: Array<{ data: unknown }> = [{ data: { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } }];
  for (const p of pieces(content, 4)) events.push({ data: { choices: [{ index: 0, delta: { content: p }, finish_reason: null }] } });
  return sse(events);
}

/** Anthropic SSE events for tool input `json`, cut before `message_delta` and `message_stop`. */
export function anthropicCutStream(json: string, name = 'response'): Script {
  const events: Array<{ event: string; data: unknown }> = [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 12, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name, input: {} } } },
  ];
  for (const p of pieces(json, 5)) {
    events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: p } } });
  }
  return sse(events);
}

/** An Ollama NDJSON stream cut before its `done` line. */
export function ollamaCutStream(content: string): Script {
  return ndjson(pieces(content, 4).map((p) => ({ model: 'm', message: { role: 'assistant', content: p }, done: false })));
}

/** The schema most loop tests ask for. */
export const person = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};

/**
 * A scripted server for the test file: started before its tests, closed after. The returned object forwards to
 * the running server, so it can be declared at the top of the file.
 */
export function useServer(): ScriptedServer {
  let current: ScriptedServer | undefined;
  before(async () => {
    current = await startServer();
  });
  after(async () => {
    await current?.close();
  });
  return new Proxy({} as ScriptedServer, {
    get(_, key) {
      if (!current) throw new Error('the server starts in before()');
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}
