// Seeded generators for the benchmark inputs: typical records as valid JSON, and the same records
// damaged the way models damage them.
import { seededRandom } from './harness.js';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'report', 'ticket', 'printer', 'jam', 'user', 'queue', 'open', 'closed', 'urgent', 'note', 'the', 'a', 'of', 'and'];

export interface Record_ {
  id: number;
  name: string;
  email: string;
  active: boolean;
  score: number;
  tags: string[];
  parent: null | number;
  address: { street: string; city: string; zip: string };
  note: string;
}

/** An array of records whose JSON text is about `bytes` long. */
export function records(bytes: number, seed = 1): Record_[] {
  const rand = seededRandom(seed);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)];
  const out: Record_[] = [];
  let size = 2;
  for (let id = 0; size < bytes; id++) {
    const r: Record_ = {
      id,
      name: `${pick()} ${pick()}`,
      email: `${pick()}${id}@example.com`,
      active: rand() > 0.5,
      score: Math.round(rand() * 10000) / 100,
      tags: [pick(), pick(), pick()],
      parent: rand() > 0.7 ? null : Math.floor(rand() * 1000),
      address: { street: `${Math.floor(rand() * 999)} ${pick()} street`, city: pick(), zip: String(10000 + Math.floor(rand() * 89999)) },
      note: Array.from({ length: 12 }, pick).join(' '),
    };
    out.push(r);
    size += JSON.stringify(r, null, 2).length + 2;
  }
  return out;
}

/** Python's repr of a value: single quotes, True/False/None. */
export function pythonRepr(v: unknown): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(v as object).map(([k, x]) => `'${k}': ${pythonRepr(x)}`).join(', ')}}`;
}

/** A JavaScript object literal: unquoted keys, comments, trailing commas. */
export function jsLiteral(v: unknown, indent = ''): string {
  if (Array.isArray(v)) {
    const inner = indent + '  ';
    return `[\n${v.map((x) => inner + jsLiteral(x, inner) + ',\n').join('')}${indent}]`;
  }
  if (v !== null && typeof v === 'object') {
    const inner = indent + '  ';
    const entries = Object.entries(v).map(([k, x], i) => `${i === 0 ? `${inner}// ${k} first\n` : ''}${inner}${k}: ${jsLiteral(x, inner)},\n`);
    return `{\n${entries.join('')}${indent}}`;
  }
  return JSON.stringify(v);
}

/** Pretty JSON in a fence, with a trailing comma after every last element, and prose around it. */
export function fencedTrailingCommas(v: unknown): string {
  const json = JSON.stringify(v, null, 2).replace(/\n(\s*)([\]}])/g, ',\n$1$2').replace(/([[{]),\n/g, '$1\n');
  return `Here is the data you asked for:\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need anything else.`;
}

/** Pretty JSON cut off at 90% of its length. */
export function truncated(v: unknown): string {
  const json = JSON.stringify(v, null, 2);
  return json.slice(0, Math.floor(json.length * 0.9));
}
