// Runs every bench/*.bench.ts (or those whose name contains an argument): `npm run bench -- parse`.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file}`);
  await import(pathToFileURL(`${here}/${file}`).href);
}
