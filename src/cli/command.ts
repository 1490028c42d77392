// What a subcommand is: its options (for util.parseArgs), its help text and its body.
import type { ParseArgsConfig } from 'node:util';
import type { Io, Style } from './term.js';

/** Option values after parsing. */
export type OptionValues = Record<string, string | boolean | undefined>;

/** Everything a command body needs. */
export interface Context {
  io: Io;
  values: OptionValues;
  positionals: string[];
  /** Styling for stderr (errors, reports, summaries). */
  err: Style;
}

/** One `jsonmend <name>` subcommand. */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** `jsonmend name …` synopsis lines. */
  usage: string;
  /** Text after the synopsis: what it does, options, examples. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Names of the positional arguments, optional ones in brackets: `['PATH', '[FILE]']`. */
  positionals: string[];
  /** Runs the command and resolves to the exit code. */
  run(ctx: Context): Promise<number>;
}

/** Options whose value names a file read as input ("-": standard input). */
export const INPUT_FILE_OPTIONS: readonly string[] = ['schema', 'tools'];

/** Positional arguments that name a file read as input (absent when in brackets, or "-": standard input). */
export const FILE_POSITIONALS: ReadonlySet<string> = new Set(['[FILE]', 'CLAIMS.json']);

/** Options every command shares. */
export const commonOptions = {
  help: { type: 'boolean', short: 'h' },
} as const;

/** Options of the commands that parse their input. */
export const parseInputOptions = {
  strict: { type: 'boolean' },
} as const;

/** A string option's value, or undefined. */
export function str(values: OptionValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A boolean option's value. */
export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true;
}

/** `JSON.stringify` with two-space indentation when `pretty`, and a final newline. */
export function jsonLine(value: unknown, pretty: boolean): string {
  return `${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`;
}
