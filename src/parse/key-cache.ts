// Keys read from the text: the same string object for a key that repeats, as JSON.parse does.

/**
 * Keys this long or shorter are looked up in {@link KEY_CACHE}. A slice this short is a copy; a longer
 * one may be a view that keeps the whole input alive, which a cache shared by every parse must not hold.
 */
const CACHED_KEY_LENGTH = 12;

/**
 * Keys read recently, by a hash of their length and end characters. The records of a reply repeat
 * the same keys: handing the object the very string it was given last time spares a slice (garbage
 * to collect) and the engine's look-up of the key among the interned names, which `JSON.parse` does
 * natively. A slot holds only a copy of some earlier key, so what a slot holds never changes a
 * result; it is shared by every parse, like `JSON.parse`'s own key cache.
 */
const KEY_CACHE: string[] = new Array<string>(256).fill('');

/** `s.slice(from, to)` for a key, the same string as last time when the key was seen recently. */
export function keyText(s: string, from: number, to: number): string {
  const n = to - from;
  if (n === 0 || n > CACHED_KEY_LENGTH) return s.slice(from, to);
  const slot = (n * 31 + s.charCodeAt(from) * 7 + s.charCodeAt(to - 1)) & 255;
  const cached = KEY_CACHE[slot];
  if (cached.length === n && s.startsWith(cached, from)) return cached;
  const fresh = s.slice(from, to);
  KEY_CACHE[slot] = fresh;
  return fresh;
}
