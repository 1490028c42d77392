// What of a batch line is read as a JSON envelope (a JSON string holding the reply, or an object
// holding it under --field): shared by every --jsonl command, so each reads a line alike.

/**
 * `line` without the white space around it, BOMs included (String.prototype.trim's set): a JSON
 * string or object after spaces, a tab, or the BOM that starts a file joined to the batch with `cat`,
 * is still one. Read from the line's first character, `  "{\"a\": 1}"` or `\uFEFF"…"` was a raw
 * reply, and parse returned the JSON string itself, a value that looks complete while the reply in
 * it was never read; under --field, a BOM made the line fail as not an object.
 */
export function envelopeText(line: string): string {
  return line.trim();
}

/**
 * `line` as `repair --field` writes it back: as written (its spacing kept, as every byte but the
 * repaired field's is), without the BOMs and the `\r` of a CRLF end around it, which are the file's.
 */
export function envelopeLine(line: string): string {
  const lead = line.length - line.trimStart().length;
  const tail = line.trimEnd().length;
  const edge = (s: string) => s.replaceAll('\uFEFF', '').replaceAll('\r', '');
  return edge(line.slice(0, lead)) + line.slice(lead, tail) + edge(line.slice(tail));
}
