// Checks a provider factory's options up front, so a wrong one is INVALID_ARGUMENT at construction,
// never a TypeError (or a request to "undefined/chat/completions") later.
import { JsonMendError, describeType } from '../../errors.js';
import type { HttpProviderOptions } from '../types.js';

/** What one extra option must be. */
export type OptionRule = 'string' | 'required-string' | 'boolean' | 'object' | readonly string[];

function bad(factory: string, name: string, wanted: string, got: unknown): never {
  throw new JsonMendError('INVALID_ARGUMENT', `${factory}: ${name} must be ${wanted}, got ${describeType(got)}`);
}

/**
 * Checks the options every HTTP provider shares, plus the factory's own `rules`; returns the options typed.
 * Unknown keys are left alone (forward compatibility with new options).
 */
export function checkProviderOptions<O extends HttpProviderOptions>(factory: string, options: unknown, rules: Record<string, OptionRule>): O {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) bad(factory, 'options', 'an object', options);
  const o = options as Record<string, unknown>;
  for (const [name, rule] of Object.entries(rules)) {
    const v = o[name];
    if (rule === 'required-string') {
      if (typeof v !== 'string' || v.length === 0) bad(factory, name, 'a non-empty string', v);
      continue;
    }
    if (v === undefined) continue;
    if (rule === 'string' && typeof v !== 'string') bad(factory, name, 'a string', v);
    if (rule === 'boolean' && typeof v !== 'boolean') bad(factory, name, 'a boolean', v);
    if (rule === 'object' && (v === null || typeof v !== 'object' || Array.isArray(v))) bad(factory, name, 'an object', v);
    if (Array.isArray(rule) && !rule.includes(v as string)) bad(factory, name, `one of ${rule.map((r) => `'${r}'`).join(', ')}`, v);
  }
  if (o.headers !== undefined) {
    if (o.headers === null || typeof o.headers !== 'object' || Array.isArray(o.headers)) bad(factory, 'headers', 'an object of strings', o.headers);
    for (const [k, v] of Object.entries(o.headers as object)) if (typeof v !== 'string') bad(factory, `headers.${k}`, 'a string', v);
  }
  if (o.fetch !== undefined && typeof o.fetch !== 'function') bad(factory, 'fetch', 'a function', o.fetch);
  if (o.temperature !== undefined && !(typeof o.temperature === 'number' && Number.isFinite(o.temperature))) {
    bad(factory, 'temperature', 'a finite number', o.temperature);
  }
  for (const name of ['maxTokens', 'maxResponseBytes'] as const) {
    const v = o[name];
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0)) bad(factory, name, 'a positive integer', v);
  }
  return o as O;
}
