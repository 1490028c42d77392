// Transport for the providers: one POST over global fetch, abort/timeout mapping, a capped linear body reader,
// SSE and NDJSON framing, and redaction of credentials from everything an error quotes.
import { JsonMendError } from '../errors.js';
import { hidden } from './hidden.js';

/** How much of an error body `ProviderHttpError.bodyExcerpt` quotes, in characters. */
const BODY_EXCERPT = 300;
/** How many bytes of an error body are read to quote it (a UTF-8 character is at most 4 bytes). */
const ERROR_BODY_BYTES = BODY_EXCERPT * 4;
/** Most redirects followed for one request (each a 307/308 on the same origin). */
const MAX_REDIRECTS = 5;
/** Default of {@link HttpTransportOptions.maxResponseBytes}: 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The error to throw when `signal` fired: its reason when that is ours (TIMEOUT, ABORTED), else ABORTED. */
export function abortError(signal: AbortSignal, cause?: unknown): JsonMendError {
  const reason: unknown = signal.reason;
  if (reason instanceof JsonMendError) return reason;
  return new JsonMendError('ABORTED', 'the request was aborted', { cause: cause ?? reason });
}

/** Replaces credentials in a text quoted by an error. */
export type Redactor = (text: string) => string;

/** Shortest configured header value treated as a secret (shorter ones would blank out ordinary words). */
const MIN_SECRET_LENGTH = 6;

/**
 * A redactor for the given secrets (the API key, configured header values, each also without the whitespace
 * around it, and the parts of such a value after its first word): every occurrence becomes
 * `[redacted]`, and so does the token after any `Bearer `, whatever it is, the user and password of any URL
 * (`https://user:pw@host` → `https://[redacted]@host`) and the value of every query parameter
 * (`?api-key=…&api-version=…` → `?api-key=[redacted]&api-version=[redacted]`): a base URL may carry a key there.
 */
export function redactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  // A value with a scheme (`Basic dXNl…`, `Token tok_…`) is a secret in its parts after the scheme too: servers
  // echo the credential alone. The scheme word itself (`Basic`, `Bearer`) is no secret.
  // Trimmed too: HTTP sends a header value without the whitespace around it (a key read from a file ends in
  // "\n"), so that is the text a server echoes.
  const parts = secrets.flatMap((s) => (typeof s === 'string' ? [s, s.trim(), ...s.trim().split(/\s+/).slice(1)] : []));
  const words = [...new Set(parts.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const word of words) if (out.includes(word)) out = out.split(word).join('[redacted]');
    // Each pattern starts at a fixed character and its one repeated class stops at the next such start: linear.
    return out
      .replace(/Bearer\s+[^\s"',;]+/gi, 'Bearer [redacted]')
      .replace(/:\/\/[^\s/?#@"'<>]+@/g, '://[redacted]@')
      .replace(/([?&][^\s=&#?"'<>]+=)[^\s&#"'<>]+/g, '$1[redacted]');
  };
}

/**
 * A `PROVIDER_ERROR` from the server: an HTTP error status, or an error object in a 2xx body or stream. The
 * message names the URL and status only; what the server wrote is in `bodyExcerpt` (credentials redacted), since
 * servers echo prompts and replies into their error bodies and messages end up in logs.
 */
export class ProviderHttpError extends JsonMendError {
  /** The HTTP status the server answered with. */
  readonly status: number;
  /**
   * The start of what the server wrote (at most 300 characters), with the API key, configured header values and
   * `Bearer` tokens redacted. Not enumerable: a logger printing the error does not print it.
   */
  declare readonly bodyExcerpt: string;
  /**
   * How long the server asked the client to wait before trying again, in milliseconds (its `retry-after-ms`
   * header, else `Retry-After` in seconds or as an HTTP date, counted from when the answer came; a date in the
   * past is 0), at most {@link MAX_RETRY_AFTER_MS} (about 24.8 days: a longer wait is capped to it). `undefined`
   * when it did not say, or said it in a form that cannot be read. The loop does not retry HTTP errors itself:
   * this is for the caller's own back-off.
   */
  readonly retryAfterMs: number | undefined;

  constructor(url: string, status: number, body: string, what = `answered HTTP ${status}`, retryAfterMs?: number) {
    const excerpt = body.length > BODY_EXCERPT ? `${body.slice(0, BODY_EXCERPT)}…` : body;
    super('PROVIDER_ERROR', `${url} ${what}${excerpt ? ' (the server\'s text is in bodyExcerpt)' : ''}${retryAfterMs !== undefined ? `; retry after ${waitText(retryAfterMs)}` : ''}`);
    this.name = 'ProviderHttpError';
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    hidden(this, 'bodyExcerpt', excerpt);
  }
}

/**
 * The wait a response asks for, in milliseconds: `retry-after-ms` (OpenAI's, a number of milliseconds), else
 * `Retry-After` (RFC 9110 §10.2.3: a number of seconds or an HTTP date). `undefined` when neither is there or
 * readable: a guess would make a client wait for nothing, or hammer a server that asked for a pause.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return capWait(Math.ceil(Number(ms)));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return capWait(Math.ceil(Number(value) * 1000));
  // Only a date as HTTP writes one, a weekday first and a time in it, not any text Date.parse accepts (it reads
  // "Now 5" as May 2001): `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete forms a recipient must still read,
  // `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850, its weekday written out) and `Sun Nov  6 08:49:37 1994` (asctime).
  if (!/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6},? .*\b\d{1,2}:\d{2}:\d{2}\b/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? capWait(Math.max(0, at - now)) : undefined;
}

/**
 * The longest wait `retryAfterMs` reports: 2^31 - 1 ms, the longest `setTimeout` waits. A longer delay (or
 * Infinity, from a `Retry-After` of 400 digits) makes it fire at once, so a back-off that honours the server
 * would hammer the server that asked for a pause.
 */
export const MAX_RETRY_AFTER_MS = 2 ** 31 - 1;

function capWait(ms: number): number {
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

/** A wait as the error's message says it: milliseconds, or, capped, what the cap is in days (not 2147483647 ms). */
function waitText(ms: number): string {
  return ms >= MAX_RETRY_AFTER_MS ? `more than ${Math.floor(MAX_RETRY_AFTER_MS / 86_400_000)} days` : `${ms} ms`;
}

/**
 * Headers whose values are public by what they are for (a protocol version, a feature flag, a content type, an
 * app's name and address as OpenRouter shows them), so they are not redacted: `anthropic-version: 2023-06-01`
 * hid every date `2023-06-01` in an error, and `X-Title: Structured Output Benchmark` every word `Output`. Any
 * other header's value is taken for a secret, whatever its name: a credential in a header named as no list
 * foresees must not leak.
 */
const PUBLIC_HEADERS = new Set(['anthropic-version', 'anthropic-beta', 'openai-beta', 'content-type', 'accept', 'user-agent', 'x-title', 'http-referer', 'referer']);

/** Query parameters whose values are public by what they are for (Azure's API version, a date). */
const PUBLIC_PARAMS = new Set(['api-version']);

/**
 * The credentials a URL carries, as a server may echo them alone: its user and password, and its query
 * parameters' values (Azure's `?api-key=…`, Gemini's `?key=…`), as written and decoded. The redactor's patterns
 * only catch them in the URL's own form (`?key=[redacted]`); "invalid key AIza…" quoted the key.
 */
function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const out = [parsed.username, parsed.password, decodeSafe(parsed.username), decodeSafe(parsed.password)];
  for (const [name, value] of parsed.searchParams) if (!PUBLIC_PARAMS.has(name.toLowerCase())) out.push(value);
  for (const pair of parsed.search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && !PUBLIC_PARAMS.has(decodeSafe(pair.slice(0, eq)).toLowerCase())) out.push(pair.slice(eq + 1));
  }
  return out.filter((s) => s !== '');
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Options every HTTP transport takes from its provider's options. */
export interface HttpTransportOptions {
  fetch?: typeof globalThis.fetch | undefined;
  headers: Record<string, string>;
  /** Secrets to redact besides the header values (the API key). */
  secrets?: ReadonlyArray<string | undefined>;
  maxResponseBytes?: number | undefined;
}

/** One provider endpoint: POST JSON, read the answer within the byte cap, quote errors without credentials. */
export class HttpTransport {
  readonly url: string;
  readonly redact: Redactor;
  private readonly shownUrl: string;
  private readonly maxBytes: number;

  constructor(
    url: string,
    private readonly options: HttpTransportOptions,
  ) {
    this.url = url;
    const headerSecrets = Object.entries(options.headers).flatMap(([name, value]) => (PUBLIC_HEADERS.has(name.toLowerCase()) ? [] : [value]));
    this.redact = redactor([...(options.secrets ?? []), ...headerSecrets, ...urlSecrets(url)]);
    this.shownUrl = this.redact(url);
    this.maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** A `PROVIDER_ERROR` whose message names the endpoint; `reason` must not quote what the server wrote. */
  error(reason: string, cause?: unknown): JsonMendError {
    return new JsonMendError('PROVIDER_ERROR', `${this.shownUrl} ${reason}`, cause !== undefined ? { cause } : {});
  }

  /**
   * An error object the server sent in a 2xx body or in a stream, or (with `what`) another answer that is no
   * reply: its text goes to `bodyExcerpt`, redacted; `what` must not quote what the server wrote.
   */
  wireError(status: number, text: string, what = 'reported an error'): ProviderHttpError {
    return new ProviderHttpError(this.shownUrl, status, this.redact(text), what);
  }

  /** Maps anything thrown while talking to the server to a `JsonMendError`. */
  transportError(error: unknown, signal: AbortSignal): JsonMendError {
    if (signal.aborted) return abortError(signal, error);
    if (error instanceof JsonMendError) return error;
    const why = error instanceof Error ? error.message : String(error);
    return this.error(`could not be reached: ${this.redact(why)}`, this.safeCause(error));
  }

  /**
   * `error` as the cause of our error. fetch's own message may quote the URL (undici refuses one with
   * credentials, and says so quoting it), and a logger printing our error prints its causes too: when any message
   * in the chain holds something to redact, the chain is replaced by copies (name and redacted message).
   */
  private safeCause(error: unknown): unknown {
    if (typeof error === 'string') return this.redact(error);
    const chain: Error[] = [];
    for (let e: unknown = error; e instanceof Error && chain.length < 8; e = e.cause) chain.push(e);
    if (chain.every((e) => this.redact(e.message) === e.message)) return error;
    let cause: Error | undefined;
    for (const e of chain.reverse()) {
      const copy = new Error(this.redact(e.message), cause !== undefined ? { cause } : undefined);
      copy.name = e.name;
      cause = copy;
    }
    return cause;
  }

  /** Sends `body` as JSON and returns the response once its status is 2xx; throws a `JsonMendError` otherwise. */
  async post(body: unknown, signal: AbortSignal): Promise<Response> {
    if (signal.aborted) throw abortError(signal);
    const doFetch = this.options.fetch ?? globalThis.fetch;
    if (typeof doFetch !== 'function') {
      throw new JsonMendError('PROVIDER_ERROR', 'no fetch is available; pass `fetch` to the provider');
    }
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.options.headers },
      body: JSON.stringify(body),
      signal,
      // fetch would follow any redirect and send every header again, `x-api-key` and `api-key` to any origin.
      redirect: 'manual',
    };
    let url = this.url;
    let response: Response;
    for (let hops = 0; ; hops++) {
      try {
        response = await doFetch(url, init);
      } catch (error) {
        throw this.transportError(error, signal);
      }
      if (response.type !== 'opaqueredirect' && (response.status < 300 || response.status > 399)) break;
      response.body?.cancel().catch(() => undefined);
      const next = hops < MAX_REDIRECTS ? sameOriginRedirect(url, response) : undefined;
      if (next === undefined) throw this.redirectError(response, hops);
      url = next;
    }
    if (!response.ok) {
      // Only as much of the body as the excerpt quotes: a 300 MB error page is not downloaded.
      const text = await this.readText(response, signal, ERROR_BODY_BYTES, false);
      throw new ProviderHttpError(this.shownUrl, response.status, this.redact(text), undefined, retryAfterMs(response.headers));
    }
    return response;
  }

  /** A redirect that is not followed: where it points goes to `bodyExcerpt` (redacted), never the request. */
  private redirectError(response: Response, hops: number): ProviderHttpError {
    const location = response.headers.get('location') ?? '';
    const why =
      hops >= MAX_REDIRECTS
        ? `a redirect after ${MAX_REDIRECTS} others, not followed`
        : response.status === 307 || response.status === 308
          ? 'a redirect to another origin, not followed: the request and its credentials go only where baseURL points (set baseURL to the address the server names)'
          : 'a redirect that would send the request as a GET, not followed (set baseURL to the address the server names)';
    return new ProviderHttpError(this.shownUrl, response.status, this.redact(location ? `Location: ${location}` : ''), `answered HTTP ${response.status}, ${why}`);
  }

  /** Reads a whole JSON body within the cap; an unreadable one is a `PROVIDER_ERROR`. */
  async readJson(response: Response, signal: AbortSignal): Promise<unknown> {
    const text = await this.readText(response, signal, this.maxBytes, true);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Its start is kept for the reader (a proxy's error or login page says what went wrong), redacted before it
      // is cut to the excerpt (so no secret is cut in half) but after it is cut to what an error body reads.
      const start = this.redact(text.slice(0, ERROR_BODY_BYTES));
      throw new ProviderHttpError(this.shownUrl, response.status, start, `answered with a body that is not JSON (${text.length} characters)`);
    }
  }

  /**
   * Server-sent events of the body (https://html.spec.whatwg.org/multipage/server-sent-events.html). A 2xx
   * answer that declares itself JSON is not an event stream: its error object, if any, is reported, else it is a
   * `PROVIDER_ERROR` (never read as a reply without events).
   */
  async *readSse(response: Response, signal: AbortSignal): AsyncGenerator<SseEvent> {
    await this.refuseJsonBody(response, signal, 'an event stream');
    await this.refuseHtmlBody(response, signal, 'an event stream');
    let event = '';
    let data: string[] = [];
    for await (const line of this.lines(response, signal)) {
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
  async *readNdjson(response: Response, signal: AbortSignal): AsyncGenerator<unknown> {
    await this.refuseHtmlBody(response, signal, 'an NDJSON stream');
    for await (const line of this.lines(response, signal)) {
      if (line.trim() === '') continue;
      yield this.parseWireJson(line);
    }
  }

  /** `JSON.parse` for the provider's own framing (not model output); failures are `PROVIDER_ERROR`. */
  parseWireJson(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.error(`sent an unreadable stream event (${text.length} characters)`);
    }
  }

  private async refuseJsonBody(response: Response, signal: AbortSignal, wanted: string): Promise<void> {
    const type = response.headers.get('content-type') ?? '';
    if (!/^\s*application\/json/i.test(type)) return;
    const text = await this.readText(response, signal, this.maxBytes, true);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = rec(body).error;
    if (error !== undefined) throw this.wireError(response.status, errorText(error));
    throw this.error(`answered a streaming request with application/json, not ${wanted}`);
  }

  /**
   * A 2xx web page (a proxy's error or login page, a captive portal) is no stream: read as one, it has no events
   * and looked like a stream cut before its end. Its start goes to `bodyExcerpt`, redacted.
   */
  private async refuseHtmlBody(response: Response, signal: AbortSignal, wanted: string): Promise<void> {
    const type = response.headers.get('content-type') ?? '';
    const page = /^\s*(text\/html|application\/xhtml\+xml)/i.exec(type);
    if (!page) return;
    const text = await this.readText(response, signal, ERROR_BODY_BYTES, false);
    // The type as matched, not as the server wrote it: the message quotes nothing the server chose.
    throw new ProviderHttpError(this.shownUrl, response.status, this.redact(text), `answered a streaming request with ${page[1]!.toLowerCase()}, not ${wanted}`);
  }

  /**
   * The body as text, read chunk by chunk (linear). Past `limit` bytes: with `fail`, a `PROVIDER_ERROR` naming
   * `maxResponseBytes`; without, the text so far (for quoting an error body).
   */
  private async readText(response: Response, signal: AbortSignal, limit: number, fail: boolean): Promise<string> {
    const parts: string[] = [];
    for await (const chunk of this.chunks(response, signal, fail ? limit : Infinity, fail ? undefined : limit)) parts.push(chunk);
    return parts.join('');
  }

  /**
   * The body's text as it arrives, decoded as UTF-8 (a character split across chunks stays whole). More than
   * `limit` bytes is a `PROVIDER_ERROR`; reading stops quietly after `stopAfter` bytes.
   */
  private async *chunks(response: Response, signal: AbortSignal, limit = this.maxBytes, stopAfter = Infinity): AsyncGenerator<string> {
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    try {
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (error) {
          // The server was reached: the answer broke off (a reset, a proxy's timeout), which an address check won't fix.
          if (signal.aborted || error instanceof JsonMendError) throw this.transportError(error, signal);
          const why = error instanceof Error ? error.message : String(error);
          throw this.error(`answered, and the answer broke off before its end: ${this.redact(why)}`, this.safeCause(error));
        }
        if (step.done) break;
        bytes += step.value.byteLength;
        if (bytes > limit) {
          throw this.error(`sent more than maxResponseBytes (${limit} bytes); raise the provider's maxResponseBytes if this is expected`);
        }
        const text = decoder.decode(step.value, { stream: true });
        if (text) yield text;
        if (bytes >= stopAfter) return;
      }
      const tail = decoder.decode();
      if (tail) yield tail;
    } finally {
      // Stops the download when the consumer leaves early (abort, error, break, enough of an error body).
      reader.cancel().catch(() => undefined);
    }
  }

  /**
   * Complete lines of the body. CR, LF and CRLF each end a line (as the SSE specification says). Each chunk is
   * scanned once and a line's pieces are joined once, so reading is linear however long a line is.
   */
  private async *lines(response: Response, signal: AbortSignal): AsyncGenerator<string> {
    let pieces: string[] = [];
    let afterCR = false;
    for await (const chunk of this.chunks(response, signal)) {
      let start = 0;
      if (afterCR && chunk.charCodeAt(0) === 10) start = 1; // the LF of a CRLF split across chunks
      afterCR = false;
      for (let i = start; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        pieces.push(chunk.slice(start, i));
        yield pieces.join('');
        pieces = [];
        if (c === 13) {
          if (i + 1 < chunk.length) {
            if (chunk.charCodeAt(i + 1) === 10) i++;
          } else afterCR = true;
        }
        start = i + 1;
      }
      if (start < chunk.length) pieces.push(chunk.slice(start));
    }
    if (pieces.length > 0) yield pieces.join('');
  }
}

/**
 * Where a redirect may be followed to: a 307 or 308 (they keep the method and the body) to the same origin (the
 * headers hold credentials meant for it). undefined otherwise, and for a browser's opaque redirect, which hides
 * where it points.
 */
function sameOriginRedirect(from: string, response: Response): string | undefined {
  if (response.status !== 307 && response.status !== 308) return undefined;
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    const next = new URL(location, from);
    return next.origin === new URL(from).origin ? next.href : undefined;
  } catch {
    return undefined;
  }
}

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/** The text of an `error` member: its `message`, else the value as JSON. */
export function errorText(error: unknown): string {
  const e = rec(error);
  const kind = typeof e.type === 'string' ? `${e.type}: ` : '';
  if (typeof e.message === 'string') return kind + e.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * Joins a base URL and a path without doubling or dropping the slash. A query string or fragment of the base
 * (`…/deployments/d?api-version=2024-10-21`, as Azure OpenAI wants) stays after the joined path.
 */
export function joinUrl(base: string, path: string): string {
  const cut = base.search(/[?#]/);
  const head = cut === -1 ? base : base.slice(0, cut);
  const tail = cut === -1 ? '' : base.slice(cut);
  return (head.endsWith('/') ? head + path.replace(/^\//, '') : head + (path.startsWith('/') ? path : `/${path}`)) + tail;
}

/** A plain object view of an unknown JSON value (never throws; non-objects become `{}` for reading only). */
export function rec(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Non-negative finite number or 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}
