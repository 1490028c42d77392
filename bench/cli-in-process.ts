// The in-process side of bench/cli.bench.ts: one mode's batch line work over a JSONL file, timed in
// a process of its own (started by the bench), so its first pass is as cold as a fresh CLI's.
// `node --import tsx bench/cli-in-process.ts <file> <reps> <mode> [claims.json]` prints {cpu, seconds, coldCpu}.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The batch modes, and the bare engine on already-decoded replies. */
export type InProcessMode = 'parse' | 'repair' | 'extract' | 'verify' | 'parse-only';

interface Library {
  parse: (t: string, options?: { disable?: readonly string[] }) => unknown;
  repair: (t: string) => string;
  extract: (t: string) => { reasoning?: boolean; start: number }[];
  positionOf: (t: string, offset: number) => { line: number; column: number };
  verifyAll: (c: unknown[], v: unknown) => unknown;
  /** The repair kinds that mean the text was cut off (what `verify` refuses). */
  cutOffKinds: readonly string[];
}

/**
 * The in-process equivalent of one mode's batch line, doing the same work the CLI must: decode the
 * line (a JSON string), run the library call, and write the answer as JSON text. `parse-only` is
 * the bare `parse` call on already-decoded replies (the engine alone), for comparison.
 */
function inProcessLine(lib: Library, mode: InProcessMode, claims: unknown[]): (line: string) => unknown {
  switch (mode) {
    case 'parse-only':
      return lib.parse;
    case 'parse':
      return (line) => JSON.stringify(lib.parse(JSON.parse(line) as string));
    case 'repair':
      return (line) => JSON.stringify(lib.repair(JSON.parse(line) as string));
    case 'extract':
      // The CLI writes the first candidate with the line and column it starts at.
      return (line) => {
        const reply = JSON.parse(line) as string;
        const found = lib.extract(reply);
        const first: Record<string, unknown> | undefined = found.find((c) => c.reasoning !== true) ?? found[0];
        if (first !== undefined) {
          // Added in place: an object spread here cost more than the extraction itself.
          const at = lib.positionOf(reply, first.start as number);
          first.line = at.line;
          first.column = at.column;
        }
        return JSON.stringify(first);
      };
    case 'verify':
      // As the CLI does (and a caller checking claims should): a cut-off document is refused, not
      // checked as if whole; the refusal is that line's answer.
      return (line) => JSON.stringify(lib.verifyAll(claims, lib.parse(JSON.parse(line) as string, { disable: lib.cutOffKinds })));
  }
}

/**
 * CPU and wall seconds of the in-process equivalent of `mode` over the file's lines: the first pass
 * (`coldCpu`: the engine not yet compiled, as in a fresh CLI process) and the least of `reps`.
 */
async function inProcess(file: string, reps: number, mode: InProcessMode, claims: unknown[]): Promise<{ cpu: number; seconds: number; coldCpu: number }> {
  const flags = (await import(join(root, 'dist', 'parse', 'kind-flags.js'))) as { ALL_REPAIR_KINDS: readonly string[]; isCutOffRepair: (kind: string) => boolean };
  const lib = { ...(await import(join(root, 'dist', 'index.js'))), cutOffKinds: flags.ALL_REPAIR_KINDS.filter(flags.isCutOffRepair) } as Library;
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  // parse-only is handed the replies already decoded: the engine's time alone.
  const inputs = mode === 'parse-only' ? lines.map((l) => JSON.parse(l) as string) : lines;
  const one = inProcessLine(lib, mode, claims);
  let cpu = Infinity;
  let seconds = Infinity;
  let coldCpu = NaN;
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const input of inputs) {
      try {
        one(input);
      } catch {
        // A reply without JSON: the CLI writes its error record.
      }
    }
    seconds = Math.min(seconds, (performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1e6);
    if (i === 0) coldCpu = (c.user + c.system) / 1e6;
  }
  return { cpu, seconds, coldCpu };
}

const [file, reps, mode, claimsFile] = process.argv.slice(2);
const claims = claimsFile ? (JSON.parse(readFileSync(claimsFile, 'utf8')) as unknown[]) : [];
process.stdout.write(JSON.stringify(await inProcess(file, Number(reps), mode as InProcessMode, claims)));
