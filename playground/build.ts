// Builds the playground into a static folder: one script (the page and the library from src/,
// bundled by esbuild), its stylesheet and index.html. The examples from examples/ are bundled in.
// `node --import tsx playground/build.ts [outDir]` (npm run playground:build).
import { copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Plugin, build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

/** Where `npm run playground:build` writes the page. */
export const DEFAULT_OUT_DIR = join(here, 'dist');

interface Example {
  name: string;
  reply: string;
  schema: string;
  claim: string;
}

/** The examples of examples/: the fenced reply with its schema, each JSONL reply, the tool output with its claims. */
async function readExamples(): Promise<Example[]> {
  const dir = join(root, 'examples');
  const text = (name: string): Promise<string> => readFile(join(dir, name), 'utf8');
  const examples: Example[] = [{ name: 'reply.txt + schema.json', reply: await text('reply.txt'), schema: await text('schema.json'), claim: '' }];
  for (const line of (await text('replies.jsonl')).split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as { id: number; reply: string };
    examples.push({ name: `replies.jsonl #${row.id}`, reply: row.reply, schema: '', claim: '' });
  }
  examples.push({ name: 'tool-output.json + claims.json', reply: await text('tool-output.json'), schema: '', claim: await text('claims.json') });
  return examples;
}

/** `import examples from 'playground:examples'` resolves to the examples read at build time. */
function examplesPlugin(): Plugin {
  return {
    name: 'playground-examples',
    setup(b) {
      b.onResolve({ filter: /^playground:examples$/ }, (args) => ({ path: args.path, namespace: 'playground-examples' }));
      b.onLoad({ filter: /.*/, namespace: 'playground-examples' }, async () => ({
        contents: `export default ${JSON.stringify(await readExamples())};`,
        loader: 'js',
        watchFiles: (await readdir(join(root, 'examples'))).map((f) => join(root, 'examples', f)),
      }));
    },
  };
}

/** Sizes of what was written, in bytes. */
export interface BuildResult {
  outDir: string;
  bytes: { script: number; stylesheet: number; html: number; total: number };
}

/** Writes the page into `outDir` (emptied first). */
export async function buildPlayground(outDir: string = DEFAULT_OUT_DIR): Promise<BuildResult> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(here, 'main.ts')],
    outfile: join(outDir, 'playground.js'),
    bundle: true,
    // A classic script, not a module: module scripts do not load from file://, and the built folder
    // must work when opened straight from disk.
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [examplesPlugin()],
  });
  await copyFile(join(here, 'index.html'), join(outDir, 'index.html'));
  await copyFile(join(here, 'playground.css'), join(outDir, 'playground.css'));
  const size = async (name: string): Promise<number> => (await stat(join(outDir, name))).size;
  const bytes = { script: await size('playground.js'), stylesheet: await size('playground.css'), html: await size('index.html'), total: 0 };
  bytes.total = bytes.script + bytes.stylesheet + bytes.html;
  return { outDir, bytes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await buildPlayground(process.argv[2] === undefined ? undefined : resolve(process.argv[2]));
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  console.log(`playground written to ${result.outDir}: playground.js ${kb(result.bytes.script)}, playground.css ${kb(result.bytes.stylesheet)}, index.html ${kb(result.bytes.html)}`);
}
