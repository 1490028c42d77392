// Transport for the providers: one POST over global fetch, abort/timeout mapping, SSE and NDJSON readers.
import { JsonMendError } from '../errors.js';

/** How much of an error body an error message quotes. */
const BODY_EXCERPT = 300;

/** The error to throw when `signal` fired: its reason when that is ours (TIMEOUT, ABORTED), else ABORTED. */
export function abortError(signal: AbortSignal, cause?: unknown): JsonMendError {
  const reason: unknown = signal.reason;
  if (reason instanceof JsonMendError) return reason;
  return new JsonMendError('ABORTED', 'the request was aborted', { cause: cause ?? reason });
}

/** Maps anything thrown while talking to a server to a `JsonMendError`. */
export function transportError(error: unknown, signal: AbortSignal, url: string): JsonMendError {
  if (signal.aborted) return abortError(signal, error);
  if (error instanceof JsonMendError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new JsonMendError('PROVIDER_ERROR', `could not reach ${url}: ${why}`, { cause: error });
}

/** A `PROVIDER_ERROR` carrying the HTTP status and a short excerpt of the body. */
export class ProviderHttpError extends JsonMendError {
  /** The HTTP status the server answered with. */
  readonly status: number;
  /** The first few hundred characters of the response body. */
  readonly bodyExcerpt: string;

  constructor(url: string, status: number, body: string) {
    const excerpt = body.length > BODY_EXCERPT ? `${body.slice(0, BODY_EXCERPT)}…` : body;
    super('PROVIDER_ERROR', `${url} answered HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`);
    this.name = 'ProviderHttpError';
    this.status = status;
    this.bodyExcerpt = excerpt;
  }
}

/** Sends `body` as JSON and returns the response once its status is 2xx; throws a `JsonMendError` otherwise. */
export async function postJson(
  fetchFn: typeof globalThis.fetch | undefined,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  if (signal.aborted) throw abortError(signal);
  const doFetch = fetchFn ?? globalThis.fetch;
  if (typeof doFetch !== 'function') {
    throw new JsonMendError('PROVIDER_ERROR', 'no fetch is available; pass `fetch` to the provider');
  }
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw transportError(error, signal, url);
  }
  if (!response.ok) {
    let text = '';
    try {
      text = await response.text();
    } catch (error) {
      throw transportError(error, signal, url);
    }
    throw new ProviderHttpError(url, response.status, text);
  }
  return response;
}

/** Reads a whole JSON body; an unreadable one is a `PROVIDER_ERROR`. */
export async function readJson(response: Response, signal: AbortSignal, url: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, signal, url);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const excerpt = text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}…` : text;
    throw new JsonMendError('PROVIDER_ERROR', `${url} answered with a body that is not JSON: ${excerpt}`);
  }
}

/** The body's text as it arrives, decoded as UTF-8 (multi-byte characters split across chunks stay whole). */
async function* textChunks(response: Response, signal: AbortSignal, url: string): AsyncGenerator<string> {
  const body = response.body;
  if (!body) throw new JsonMendError('PROVIDER_ERROR', `${url} answered without a body`);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        throw transportError(error, signal, url);
      }
      if (step.done) break;
      const text = decoder.decode(step.value, { stream: true });
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    // Stops the download when the consumer leaves early (abort, error, break).
    reader.cancel().catch(() => undefined);
  }
}

/** Complete lines of the body (without the line break; `\r\n` and `\n` both end a line). */
async function* lines(response: Response, signal: AbortSignal, url: string): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of textChunks(response, signal, url)) {
    pending += chunk;
    let start = 0;
    for (let nl = pending.indexOf('\n', start); nl !== -1; nl = pending.indexOf('\n', start)) {
      const end = nl > start && pending.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield pending.slice(start, end);
      start = nl + 1;
    }
    pending = pending.slice(start);
  }
  if (pending) yield pending;
}

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Server-sent events of the body (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export async function* readSse(response: Response, signal: AbortSignal, url: string): AsyncGenerator<SseEvent> {
  let event = '';
  let data: string[] = [];
  for await (const line of lines(response, signal, url)) {
    if (line === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
      event = '';
      data = [];
      continue;
    }
    if (line.charCodeAt(0) === 58 /* ':' comment */) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  }
  if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
}

/** Parsed JSON lines of an NDJSON body; blank lines are skipped. */
export async function* readNdjson(response: Response, signal: AbortSignal, url: string): AsyncGenerator<unknown> {
  for await (const line of lines(response, signal, url)) {
    if (line.trim() === '') continue;
    yield parseWireJson(line, url);
  }
}

/** `JSON.parse` for a provider's own framing (not model output); failures are `PROVIDER_ERROR`. */
export function parseWireJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const excerpt = text.length > 120 ? `${text.slice(0, 120)}…` : text;
    throw new JsonMendError('PROVIDER_ERROR', `${url} sent an unreadable stream event: ${excerpt}`);
  }
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return base.endsWith('/') ? base + path.replace(/^\//, '') : base + (path.startsWith('/') ? path : `/${path}`);
}

/** A plain object view of an unknown JSON value (never throws; non-objects become `{}` for reading only). */
export function rec(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Non-negative integer field or 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}
