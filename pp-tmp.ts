import { parsePartial } from './src/index.ts';
const t = process.argv[2];
for (let i = 1; i <= t.length; i++) { let v; try { v = JSON.stringify(parsePartial(t.slice(0, i))); } catch (e: any) { v = 'ERR ' + e.message; } console.log(t.slice(0, i).padEnd(14), v); }
