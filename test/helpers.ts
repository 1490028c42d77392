// Shared test utilities: where the conformance corpora live, and a visible skip when they are absent.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { JsonMendError } from '../src/errors.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The project's root folder. */
export const projectRoot = resolve(here, '..');

/** `../shared/corpora` beside the project, where CI links it; undefined when it is not there. */
export const corporaDir: string | undefined = (() => {
  const dir = resolve(projectRoot, '..', 'shared', 'corpora');
  return existsSync(dir) ? dir : undefined;
})();

/** Path of a corpus folder or file, or a skip reason that node:test prints visibly. */
export function corpus(relative: string): { path: string; skip: false } | { path: undefined; skip: string } {
  if (corporaDir === undefined) {
    const reason = `SKIPPED: ../shared/corpora is not beside this checkout, so ${relative} cannot be read`;
    console.warn(reason);
    // A skipped suite with no test in it counts as nothing in the runner's totals: register one skipped test,
    // so the run's summary says "skipped N" for the missing corpora.
    test(`corpus ${relative}`, { skip: reason }, () => {});
    return { path: undefined, skip: reason };
  }
  return { path: join(corporaDir, relative), skip: false };
}

/**
 * Deep equality of JSON values without recursion (assert.deepEqual overflows the stack on the
 * JSONTestSuite's 100 000-deep arrays). Object key order is ignored; -0 equals 0 here.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      if (!(typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y))) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length) return false;
    for (const k of kx) {
      if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}

/**
 * The `code` of the JsonMendError that `fn` throws, or 'no error'; any other exception fails the test
 * (every failure from the public API must be a JsonMendError).
 */
export function thrownCode(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (e) {
    if (e instanceof JsonMendError) return e.code;
    throw new Error(`expected a JsonMendError, got ${String(e)}`, { cause: e });
  }
}

/**
 * Checks that the generated table between `start` and `end` in docs/`page` is `wanted`; with
 * UPDATE_DOCS=1 it rewrites the page instead. `source` names the table's module in the message.
 */
export function checkGeneratedTable(page: string, start: string, end: string, wanted: string, source: string): void {
  const path = join(projectRoot, 'docs', page);
  const doc = readFileSync(path, 'utf8');
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  assert.ok(a >= 0 && b > a, `docs/${page} lacks the generated table markers`);
  const current = doc.slice(a, b + end.length);
  if (current !== wanted && process.env.UPDATE_DOCS === '1') {
    writeFileSync(path, doc.slice(0, a) + wanted + doc.slice(b + end.length));
    return;
  }
  assert.equal(current, wanted, `docs/${page} differs from ${source}; run with UPDATE_DOCS=1 to regenerate`);
}
