// The hash that identifies a reply in events and quarantine entries: HMAC-SHA-256 under a key, never a bare
// SHA-256. A bare hash of a short reply (`{"ok": true}`, a PIN, a yes or a no) is undone by hashing the few
// candidates; under a key no reader of the telemetry knows it only says whether two replies are the same. The key
// is random, one per process, unless the caller passes one (`replyHashKey`) to match hashes across runs.
// Web Crypto only (browsers, Deno, Bun, Node ≥ 20): the core imports nothing from `node:`.
import { JsonMendError } from '../errors.js';

/** A key for {@link replyHash} and `generate({ replyHashKey })`: at least 16 bytes (a string counts its UTF-8 bytes). */
export type ReplyHashKey = string | Uint8Array;

/** Hashes reply texts under one key; `''` where Web Crypto is missing. */
export type ReplyHasher = (text: string) => Promise<string>;

/** Shortest key taken: a key short enough to guess undoes the hash as a missing key would. */
const MIN_KEY_BYTES = 16;

let processKey: Promise<CryptoKey | undefined> | undefined;

function importKey(bytes: Uint8Array): Promise<CryptoKey | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return Promise.resolve(undefined);
  return Promise.resolve(subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])).catch(() => undefined);
}

function randomKey(): Promise<CryptoKey | undefined> {
  const crypto = globalThis.crypto;
  if (typeof crypto?.getRandomValues !== 'function') return Promise.resolve(undefined);
  return importKey(crypto.getRandomValues(new Uint8Array(32)));
}

function keyBytes(key: unknown): Uint8Array {
  const bytes = typeof key === 'string' ? new TextEncoder().encode(key) : key instanceof Uint8Array ? key.slice() : undefined;
  if (bytes === undefined) throw new JsonMendError('INVALID_ARGUMENT', 'replyHashKey must be a string or a Uint8Array');
  if (bytes.length < MIN_KEY_BYTES) {
    throw new JsonMendError('INVALID_ARGUMENT', `replyHashKey must be at least ${MIN_KEY_BYTES} bytes (a short key is guessed as a short reply is), got ${bytes.length}`);
  }
  return bytes;
}

/**
 * A hasher under `key`, or under this process's random key when `key` is undefined.
 *
 * @throws JsonMendError `INVALID_ARGUMENT` for a key that is not a string or a Uint8Array, or shorter than 16 bytes
 */
export function replyHasher(key?: unknown): ReplyHasher {
  const cryptoKey = key === undefined ? (processKey ??= randomKey()) : importKey(keyBytes(key));
  return async (text) => {
    const k = await cryptoKey;
    if (k === undefined) return '';
    const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', k, new TextEncoder().encode(text)));
    let hex = '';
    for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
    return hex;
  };
}

/**
 * The reply hash events show for `text` (lowercase hex HMAC-SHA-256): without `key`, the one of calls in this
 * process made without `replyHashKey`; with `key`, the one of calls given `replyHashKey: key`.
 */
export async function replyHash(text: string, key?: ReplyHashKey): Promise<string> {
  return replyHasher(key)(text);
}
