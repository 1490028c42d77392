// The GNU parallel recipes of docs/scale.md, run for real when `parallel` is installed: the output of
// many jsonmend processes, each given a block of lines, equals one process's output.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, cli, mainJs, tempDir } from './cli.js';

const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
const skip = hasParallel ? false : 'SKIPPED: GNU parallel is not installed (apt-get install parallel), so the docs/scale.md recipes are not run';
if (skip) console.warn(skip);

/** Enough replies to fill several blocks of 64 KB. */
function replies(): string {
  let out = '';
  for (let i = 0; i < 6000; i++) {
    const v = { id: i, tags: ['a', 'b'], ok: i % 2 === 0 };
    if (i % 97 === 0) out += `${JSON.stringify(`no json in reply ${i}`)}\n`;
    else if (i % 3 === 0) out += `${JSON.stringify(`\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\``)}\n`;
    else if (i % 3 === 1) out += `{'id': ${i}, 'tags': ['a', 'b'], 'ok': ${i % 2 === 0 ? 'True' : 'False'},}\n`;
    else out += `${JSON.stringify(v)}\n`;
  }
  return out;
}

/** Error records carry the line within the block a process saw; compare them without it. */
function withoutLineNumbers(text: string): string {
  return text.replace(/^\{"line":\d+,"error"/gm, '{"line":0,"error"');
}

describe('docs/scale.md: GNU parallel', { skip }, () => {
  const dir = tempDir();
  const file = join(dir, 'replies.jsonl');
  const input = replies();
  let single = '';
  const jsonmend = `${JSON.stringify(process.execPath)} ${JSON.stringify(mainJs)}`;

  before(async () => {
    build();
    writeFileSync(file, input);
    single = (await cli(['parse', '--jsonl', '--quiet', file])).stdout;
  });

  test('parallel --pipe --keep-order: the same lines, in the same order, as one process', () => {
    const run = spawnSync('sh', ['-c', `parallel --will-cite --pipe --keep-order --block 64k ${jsonmend} parse --jsonl --quiet < ${JSON.stringify(file)}`], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout.split('\n').length, single.split('\n').length);
    assert.equal(withoutLineNumbers(run.stdout), withoutLineNumbers(single));
  });

  test('parallel --pipe-part -a FILE --keep-order: the same', () => {
    const run = spawnSync('sh', ['-c', `parallel --will-cite --pipe-part -a ${JSON.stringify(file)} --keep-order --block 64k ${jsonmend} parse --jsonl --quiet`], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    assert.equal(run.stderr, '');
    assert.equal(withoutLineNumbers(run.stdout), withoutLineNumbers(single));
  });
});
