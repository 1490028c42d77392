// What every batch line is processed with; plain data, so it can be handed to worker threads.

/** What a batch does with each line: the single-reply command of the same name. */
export type BatchMode = 'parse' | 'repair' | 'extract' | 'verify';

/** Batch settings, identical in the main thread and in every worker. */
export interface BatchConfig {
  mode: BatchMode;
  /** Each line is an object with the reply under this key; otherwise a JSON string or a raw reply. */
  field?: string;
  schema?: unknown;
  strict: boolean;
  /** Collect each line's repairs for stderr. */
  report: boolean;
  /**
   * Count repairs by kind for the summary. False when nobody reads them (`--quiet` without
   * `--report`): the engine then records no repairs at all, which is a quarter of its time on
   * damaged replies.
   */
  countRepairs: boolean;
  /** `extract`: every candidate (a JSON array) rather than the first. */
  all?: boolean;
  /** `extract`: only the candidates' text (a JSON string, or an array of them with `all`). */
  text?: boolean;
  /** `verify`: the claims every line's document is checked against (already checked for shape). */
  claims?: unknown[];
  /** `verify`: read a line's document even when it was cut off (refused by default, as a single document is). */
  acceptTruncated?: boolean;
  /** `verify`: the feedback text for the model (a JSON string) rather than the results. */
  feedback?: boolean;
  /** Report as readable lines (a terminal) rather than JSON lines. */
  reportHuman: boolean;
  color: boolean;
  /**
   * The input's name (`<stdin>`), for the stderr warning naming each line whose value holds a number
   * JSON cannot write as it was read (written as `1e999`). Absent: no warnings (the library API).
   */
  source?: string;
}

/** What one chunk of lines produced. Counts are merged into the batch summary. */
export interface ChunkResult {
  /** The output lines as UTF-8, each ending in a newline, in input order. */
  out: Uint8Array;
  /** The lines for stderr, in input order: each line's repairs (with `report`) and warnings. */
  report: string;
  lines: number;
  failed: number;
  /** `verify`: lines whose document was read but failed at least one claim. */
  unmet: number;
  /** Lines whose reply needed at least one repair. */
  repairedLines: number;
  /** Repairs by kind. */
  repairs: Record<string, number>;
  /** Failed lines by error code. */
  failures: Record<string, number>;
}

/** A chunk of whole lines, as bytes, with the number of its first line (1-based). */
export interface Chunk {
  bytes: Uint8Array;
  firstLine: number;
  /** Lines in the chunk. */
  lines: number;
}
