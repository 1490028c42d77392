// The package as a user gets it: `npm pack`, the tarball's contents, arethetypeswrong, then an install of
// the tarball into a fresh project (no registry needed: dependencies are linked from this checkout's
// node_modules) that imports it from ESM and CommonJS, type-checks it under every module resolution, and
// runs the CLI from node_modules/.bin.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { projectRoot } from '../helpers.js';

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
  dependencies?: Record<string, string>;
};
const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);
const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');

function sh(command: string, args: string[], cwd: string, input?: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', input, env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (r.error) throw r.error;
  return r;
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe('the packed package', () => {
  let dir: string;
  let pack: PackResult;
  let tarball: string;
  let app: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'jsonmend-package-'));
    // `npm test` has built dist/ already; a run of this file alone builds it first.
    if (!existsSync(join(projectRoot, 'dist', 'cjs', 'index.js')) || !existsSync(join(projectRoot, 'dist', 'index.js'))) {
      ok(sh('npm', ['run', '--silent', 'build'], projectRoot), 'npm run build');
    }
    // --ignore-scripts: `prepare` would rebuild (and empty) dist/ while other test files use it.
    const out = ok(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], projectRoot), 'npm pack');
    pack = (JSON.parse(out) as PackResult[])[0]!;
    tarball = join(dir, pack.filename);
    console.log(`# tarball ${pack.filename}: ${(pack.size / 1024).toFixed(1)} KB packed, ${(pack.unpackedSize / 1024).toFixed(1)} KB unpacked, ${pack.files.length} files`);

    app = join(dir, 'app');
    mkdirSync(app);
    // zod: the TypeScript projects below check the types inferred from a schema.
    const dependencies: Record<string, string> = { jsonmend: `file:${tarball}`, zod: `file:${join(projectRoot, 'node_modules', 'zod')}` };
    // The package's own dependencies, linked from this checkout, so the install needs no registry.
    for (const name of Object.keys(manifest.dependencies ?? {})) dependencies[name] = `file:${join(projectRoot, 'node_modules', name)}`;
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, dependencies }, null, 2));
    ok(sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], app), 'npm install <tarball>');
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  test('ships LICENSE, README, CHANGELOG, the docs, the examples, both builds and the CLI; no sources, maps, tests or stamps', () => {
    const files = pack.files.map((f) => f.path);
    const needed = ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json', 'dist/bin/main.js', 'dist/bin/worker.js', 'docs/parse.md', 'examples/README.md', 'examples/reply.txt'];
    for (const file of needed) assert.ok(files.includes(file), `the tarball lacks ${file}`);
    // docs/ ships its pages, not the playground's screenshot (a third of the tarball).
    const unwanted = files.filter((f) => /\.map$|^(src|test|bench|playground)\/|\/\.|^dist\/.*test|^docs\/.*\.(?!md$)[^.]+$/.test(f));
    assert.deepEqual(unwanted, []);
    assert.match(readFileSync(join(projectRoot, 'LICENSE'), 'utf8'), /^MIT License/);
  });

  test('the installed README and docs link only to files the package holds', () => {
    const root = join(app, 'node_modules', 'jsonmend');
    const pages = ['README.md', 'CHANGELOG.md', 'examples/README.md', ...pack.files.map((f) => f.path).filter((f) => /^docs\/.*\.md$/.test(f))];
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!) || target!.startsWith('#') || target === 'url') continue;
        const file = target!.split('#')[0]!;
        if (!existsSync(join(root, dirname(page), file))) broken.push(`${page} → ${target}`);
      }
      // The repository and homepage are placeholders until the project has a public home.
      if (/github\.com\/jsonmend/.test(text)) broken.push(`${page} → github.com/jsonmend`);
    }
    assert.deepEqual(broken, []);
  });

  test('the CLI help names no file the package lacks', () => {
    const jsonmend = join(app, 'node_modules', '.bin', 'jsonmend');
    const commands = ['', 'parse', 'repair', 'extract', 'get', 'query', 'verify', 'canonicalize', 'tools'];
    const help = commands.map((c) => ok(sh(jsonmend, c === '' ? ['--help'] : [c, '--help'], app), `jsonmend ${c} --help`)).join('\n');
    const named = [...help.matchAll(/\b((?:docs|examples|src|dist)\/[\w./-]+)/g)].map((m) => m[1]!);
    assert.deepEqual(named.filter((f) => !existsSync(join(app, 'node_modules', 'jsonmend', f))), []);
    assert.doesNotMatch(help, /github\.com|https?:\/\//);
  });

  test('package.json has repository, homepage, keywords, license and a build on install from git', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'jsonmend', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg.license, 'MIT');
    assert.ok(pkg.repository && pkg.homepage && Array.isArray(pkg.keywords) && (pkg.keywords as unknown[]).length > 0);
    assert.match((pkg.scripts as Record<string, string>).prepare ?? '', /build/);
  });

  test('arethetypeswrong finds no problem for any entry under node10, node16 (CJS and ESM) and bundler', () => {
    // jsonmend/batch (worker threads and Node streams) is ESM only: checked on its own below.
    const r = sh(bin('attw'), [tarball, '--format', 'json', '--exclude-entrypoints', './batch'], dir);
    const report = JSON.parse(r.stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
    assert.deepEqual(Object.keys(report.analysis.entrypoints).sort(), ['.', './ai-sdk', './node', './openai', './package.json']);
    assert.deepEqual(report.analysis.problems, []);
    assert.equal(r.status, 0);
  });

  test('jsonmend/batch, ESM only, resolves with its types from ESM and bundlers', () => {
    const r = sh(bin('attw'), [tarball, '--format', 'json', '--entrypoints', './batch'], dir);
    const report = JSON.parse(r.stdout) as { analysis: { problems: { resolutionKind?: string }[] } };
    const esm = report.analysis.problems.filter((p) => p.resolutionKind === 'node16-esm' || p.resolutionKind === 'bundler');
    assert.deepEqual(esm, []);
  });

  test('import from ESM and require from CommonJS: every entry, the same behaviour', () => {
    const body = (load: (m: string) => string) => `
const { parse, JsonMendError } = ${load('jsonmend')};
const { createRepairText, jsonmendMiddleware } = ${load('jsonmend/ai-sdk')};
const { parseToolCallArguments } = ${load('jsonmend/openai')};
let code;
try { parse('no json'); } catch (e) { code = e instanceof JsonMendError && e.code; }
console.log(JSON.stringify({
  value: parse("{'a': [1, 2,], b: True}"),
  code,
  hooks: [typeof createRepairText, typeof jsonmendMiddleware],
  args: parseToolCallArguments({ id: '1', type: 'function', function: { name: 'f', arguments: '{"x": 1,}' } }),
}));`;
    writeFileSync(join(app, 'esm.mjs'), body((m) => `await import('${m}')`));
    writeFileSync(join(app, 'cjs.cjs'), body((m) => `require('${m}')`));
    const expected = { value: { a: [1, 2], b: true }, code: 'NO_JSON', hooks: ['function', 'function'], args: { x: 1 } };
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      assert.deepEqual(JSON.parse(ok(sh(process.execPath, [file], app), file)), expected, file);
    }
  });

  test('the installed declarations document every export, and every property of an exported options type, whose optional ones take undefined', async () => {
    // What an editor shows on hover: an undocumented option (generate's `prompt`) shows nothing. And under
    // exactOptionalPropertyTypes, `maxDepth?: number` refuses `{ maxDepth: cfg.maxDepth }` (a number or
    // undefined), which the runtime reads as not given: every optional option is declared `| undefined`.
    const ts = (await import('typescript')).default;
    const root = join(app, 'node_modules', 'jsonmend', 'dist');
    const entries = ['index.d.ts', 'loop/adapters/ai-sdk.d.ts', 'loop/adapters/openai.d.ts', 'loop/node/index.d.ts', 'cli/batch/library.d.ts'].map((e) => join(root, e));
    const program = ts.createProgram(entries, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, types: [] });
    const checker = program.getTypeChecker();
    const missing = new Set<string>();
    const documented = (symbol: import('typescript').Symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '';
    const takesUndefined = (declaration: import('typescript').Declaration | undefined) => {
      const type = declaration && ts.isPropertySignature(declaration) ? declaration.type : undefined;
      if (type === undefined) return true;
      const members = ts.isUnionTypeNode(type) ? type.types : [type];
      return members.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword || t.kind === ts.SyntaxKind.UnknownKeyword || t.kind === ts.SyntaxKind.AnyKeyword);
    };
    for (const entry of entries) {
      for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)) {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        if (!documented(symbol)) missing.add(exported.name);
        if (!/Options$/.test(exported.name) || !(symbol.flags & ts.SymbolFlags.Interface)) continue;
        for (const property of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
          const declaration = property.getDeclarations()?.[0];
          const own = declaration?.getSourceFile().fileName.startsWith(root);
          if (own && !documented(property)) missing.add(`${exported.name}.${property.name}`);
          if (own && property.flags & ts.SymbolFlags.Optional && !takesUndefined(declaration)) missing.add(`${exported.name}.${property.name} without | undefined`);
        }
      }
    }
    assert.deepEqual([...missing], []);
  });

  test('jsonmend/batch from CommonJS: `await import` works, as the README says; require finds no such entry', () => {
    writeFileSync(join(app, 'batch.cjs'), `
let required;
try { require('jsonmend/batch'); } catch (e) { required = e.code; }
(async () => {
  const { batchLines } = await import('jsonmend/batch');
  async function* lines() { yield '{"reply": "{a: 1,}"}\\n'; }
  const out = [];
  for await (const line of batchLines(lines(), { field: 'reply' })) out.push(line);
  console.log(JSON.stringify({ required, out }));
})();`);
    assert.deepEqual(JSON.parse(ok(sh(process.execPath, ['batch.cjs'], app), 'batch.cjs')), { required: 'ERR_PACKAGE_PATH_NOT_EXPORTED', out: ['{"a":1}'] });
  });

  test('TypeScript projects type-check: CommonJS (node10), node16 from CJS and ESM, bundler; strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess', () => {
    const source = (kind: string) => `import { parse, createStreamParser, generate, type JsonMendError, type ParseOptions } from 'jsonmend';
import { createRepairText } from 'jsonmend/ai-sdk';
import { parseToolCallArguments } from 'jsonmend/openai';
import { z } from 'zod';
const value: unknown = parse('{}');
const hook: (input: { text: string }) => Promise<string | null> = createRepairText();
const args = parseToolCallArguments<undefined, { x: number }>({ type: 'function', function: { name: 'f', arguments: '{}' } });
const n: number = args.x;
// Typed from the schema: the value, a snapshot's deep-partial, end().
const Person = z.object({ name: z.string(), tags: z.array(z.string()) });
const person: { name: string; tags: string[] } = parse('{}', { schema: Person });
const stream = createStreamParser({ schema: Person });
const firstTag: string | undefined = stream.push('{').value?.tags?.[0];
const ended: { name: string } = stream.end();
// Options typed as ParseOptions, what repair takes, are taken by parse and the stream too.
const options: ParseOptions = { strict: true, onRepair: (repairs) => repairs[0]?.offset };
parse('{}', options);
createStreamParser({ ...options, partialStrings: false });
// Options read from a config that may lack them, passed as they are: undefined is an option not given.
declare const cfg: { maxDepth?: number | undefined; strict?: boolean | undefined; retries?: number | undefined };
parse('{}', { maxDepth: cfg.maxDepth, strict: cfg.strict, onRepair: undefined });
parse('{}', { schema: Person, maxRounds: undefined, acceptTruncated: cfg.strict });
createStreamParser({ schema: Person, maxLength: undefined, partialStrings: cfg.strict, defaults: undefined });
void generate({ model: async () => '{}', prompt: 'hi', system: undefined, maxRetries: cfg.retries, signal: undefined, parseOptions: { maxDepth: cfg.maxDepth, acceptTruncated: undefined } });
createRepairText({ schema: undefined, parseOptions: { strict: cfg.strict }, acceptTruncated: undefined });
parseToolCallArguments({ id: undefined, type: 'function', function: { name: 'f', arguments: '{}' } }, undefined, { maxDepth: cfg.maxDepth, onRepair: undefined });
export const checked: [unknown, typeof hook, number, JsonMendError | undefined, string, unknown[]] = [value, hook, n, undefined, '${kind}', [person, firstTag, ended]];
`;
    // One program per resolution mode; under node16 a .cts file is CommonJS and a .mts file is ESM.
    const projects: [string, Record<string, unknown>, string[]][] = [
      ['node10', { module: 'commonjs', moduleResolution: 'node10' }, ['index.ts']],
      ['node16', { module: 'node16', moduleResolution: 'node16' }, ['index.cts', 'index.mts']],
      ['bundler', { module: 'esnext', moduleResolution: 'bundler' }, ['index.ts']],
    ];
    for (const [name, options, files] of projects) {
      const project = join(app, `ts-${name}`);
      mkdirSync(project, { recursive: true });
      for (const file of files) writeFileSync(join(project, file), source(`${name} ${file}`));
      // The flags strict projects turn on: the package's declarations must compile under them too.
      const compilerOptions = { ...options, target: 'es2022', lib: ['es2022', 'dom'], strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, esModuleInterop: true, noEmit: true, skipLibCheck: false, types: [] };
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
      ok(sh(process.execPath, [tsc, '-p', project], project), `tsc (${name})`);
    }
  });

  test('the browser entries (jsonmend, jsonmend/ai-sdk, jsonmend/openai) bundle for a browser with no node: import', async () => {
    // The README promises that everything outside the CLI and jsonmend/node runs in browsers and edge runtimes.
    const { build } = await import('esbuild');
    for (const entry of ['jsonmend', 'jsonmend/ai-sdk', 'jsonmend/openai']) {
      const result = await build({
        stdin: { contents: `import * as m from '${entry}'; console.log(m);`, resolveDir: app, loader: 'js' },
        bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent',
      });
      const output = Object.values(result.metafile.outputs)[0]!;
      const node = [...Object.keys(result.metafile.inputs), ...output.imports.map((i) => i.path)].filter((f) => /(^|\/)node:/.test(f));
      assert.deepEqual(node, [], entry);
      assert.ok(Object.keys(result.metafile.inputs).some((f) => f.includes('node_modules/jsonmend/dist/')), `${entry} was bundled from the installed package`);
    }
  });

  test('the CLI runs from node_modules/.bin: --version, a piped reply, a subcommand', () => {
    const jsonmend = join(app, 'node_modules', '.bin', 'jsonmend');
    assert.equal(ok(sh(jsonmend, ['--version'], app), 'jsonmend --version'), `${manifest.version}\n`);
    assert.equal(ok(sh(jsonmend, [], app, 'Sure: ```json\n{"a": True,}\n```'), 'jsonmend < reply'), '{"a":true}\n');
    assert.equal(ok(sh(jsonmend, ['get', 'a.b'], app, '{a: {b: [1,]}}'), 'jsonmend get'), '[1]\n');
  });
});
