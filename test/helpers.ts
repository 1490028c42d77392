// Shared test utilities: where the conformance corpora live, and a visible skip when they are absent.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    return { path: undefined, skip: reason };
  }
  return { path: join(corporaDir, relative), skip: false };
}
