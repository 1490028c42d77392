// The `// → VALUE` promises of TypeScript doc blocks: finding them (with the TypeScript parser, so statement
// boundaries are exact), rewriting the block so each promised statement is checked, and the check itself.
import ts from 'typescript';

/** A block rewritten for running: every statement with a `// →` comment is wrapped in `globalThis.__doc.check`. */
export function instrument(code: string, location: (line: number) => string): { code: string; checks: number } {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const statements = source.statements;
  const edits: { start: number; end: number; text: string }[] = [];
  for (let i = 0; i < statements.length; i++) {
    const statement = statements[i]!;
    const gapEnd = i + 1 < statements.length ? statements[i + 1]!.getStart(source) : code.length;
    const expected = promiseIn(code.slice(statement.end, gapEnd));
    if (expected === undefined) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line;
    const at = JSON.stringify(location(line));
    const want = JSON.stringify(expected);
    const check = (expr: string) => `await (globalThis as any).__doc.check(${at}, async () => (${expr}), ${want})`;
    if (ts.isExpressionStatement(statement)) {
      edits.push({ start: statement.getStart(source), end: statement.end, text: `${check(statement.expression.getText(source))};` });
    } else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
      const declaration = statement.declarationList.declarations[0]!;
      if (!declaration.initializer) throw new Error(`${location(line)}: a // → promise after a declaration without a value`);
      const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? 'const' : 'let';
      edits.push({ start: statement.getStart(source), end: statement.end, text: `${keyword} ${declaration.name.getText(source)} = ${check(declaration.initializer.getText(source))};` });
    } else {
      throw new Error(`${location(line)}: a // → promise must follow an expression or a single declaration`);
    }
  }
  let out = code;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, checks: edits.length };
}

/** The text after `// →` in the gap after a statement, with the `//` lines that continue it; undefined if none. */
function promiseIn(gap: string): string | undefined {
  const lines = gap.split('\n');
  const first = lines.findIndex((l) => /^\s*(?:[^/\n]*?)\/\/\s*→/.test(l) || /\/\/\s*→/.test(l));
  if (first < 0) return undefined;
  const parts = [lines[first]!.replace(/^.*?\/\/\s*→\s?/, '')];
  for (let i = first + 1; i < lines.length && /^\s*\/\/(?!\s*→)/.test(lines[i]!); i++) parts.push(lines[i]!.replace(/^\s*\/\/\s?/, ''));
  return parts.join('\n').trim();
}

/** What a `// →` text promises: a value (with `'…'` matching any string) or an error code. */
export type Promised = { kind: 'value'; value: unknown } | { kind: 'throws'; code: string };

/** Reads a promise: `throws CODE`, or the longest leading JavaScript expression that evaluates (prose may follow). */
export function readPromise(text: string): Promised {
  if (/^throws\b/.test(text)) {
    // The error code: the first upper-case word with an underscore (NO_JSON) or of five letters or more
    // (SYNTAX, TIMEOUT), so "throws JsonMendError (MISSING_KEY)" and "throws a JSON error: NO_JSON" both work.
    const code = (text.match(/\b[A-Z][A-Z_]{2,}[A-Z]\b/g) ?? []).find((w) => w.includes('_') || w.length >= 5);
    if (code === undefined) throw new Error(`"// → ${text}" names no error code`);
    return { kind: 'throws', code };
  }
  for (const end of cutPoints(text)) {
    const candidate = text.slice(0, end);
    let fn: () => unknown;
    try {
      fn = new Function(`return (${candidate}\n);`) as () => unknown;
    } catch {
      continue;
    }
    try {
      return { kind: 'value', value: fn() };
    } catch {
      // compiles but is prose that looks like code ("{…} in O(n)"): try a shorter prefix
    }
  }
  throw new Error(`"// → ${text.split('\n')[0]}" states no value: write a JavaScript value, or "throws CODE"`);
}

/** Positions after which an expression may end, longest first: outside strings and brackets, before a space or a mark. */
function cutPoints(text: string): number[] {
  const points: number[] = [];
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      if (!quote && depth === 0) points.push(i + 1);
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('{[('.includes(c)) depth++;
    else if ('}])'.includes(c)) {
      depth--;
      if (depth === 0) points.push(i + 1);
    } else if (depth === 0 && /[\w$.]/.test(c) && !/[\w$.]/.test(text[i + 1] ?? ' ')) points.push(i + 1);
  }
  return points.reverse();
}

/** Deep equality for promised values: `'…'` matches any string; otherwise strict, keys in any order. */
export function matches(actual: unknown, expected: unknown): boolean {
  if (expected === '…') return typeof actual === 'string';
  if (typeof expected === 'number' && typeof actual === 'number') return Object.is(expected, actual) || expected === actual;
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual) !== Array.isArray(expected)) return false;
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const keys = Object.keys(e);
  if (keys.length !== Object.keys(a).filter((k) => a[k] !== undefined || k in e).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(a, k) && matches(a[k], e[k]));
}
