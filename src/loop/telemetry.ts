// A collector for loop events: counts per repair kind and failure code — overall, per model, per tool and per
// model and tool — capped event storage, a JSON report.
import { JsonMendError } from '../errors.js';
import type { LoopEvent } from './events.js';

/** Options of {@link createTelemetry}. */
export interface TelemetryOptions {
  /** How many events to keep; later ones are counted in `droppedEvents`. Default 1000. */
  maxEvents?: number | undefined;
}

/** Counts over a set of events (all of them, or one model's, one tool's). */
export interface TelemetryGroup {
  /** Calls that ended (`outcome` events). */
  calls: number;
  /** Calls that ended with a value. */
  successes: number;
  /** Calls that ended with an error. */
  failures: number;
  /** Attempts started. */
  attempts: number;
  /** Retries made. */
  retries: number;
  /** Repairs by kind, in accepted replies. */
  repairs: Record<string, number>;
  /** Repairs by kind, in replies that then failed (the schema or a claim still rejected them). */
  failedRepairs: Record<string, number>;
  /** Failed attempts and failed calls by error code. */
  failureCodes: Record<string, number>;
  /** Replies that used most of their output-token budget (`near_token_limit` events). */
  nearTokenLimit: number;
  /** Replies cut off by the token limit, by what the loop did (`error`, `continue`, `raise-limit`). */
  truncations: Record<string, number>;
  /** Extra calls that continued a cut-off reply (`onTruncated: 'continue'`; `attempt_ended.continuations`). */
  continuations: number;
  /** Continuations that started the reply over and replaced it (`attempt_ended.restarts`). */
  restarts: number;
  /** Continuations that began by writing the reply's end again, glued without the repeat (`attempt_ended.overlaps`). */
  overlaps: number;
  /** Claims checked and claims that failed (`verify` option). */
  claimsChecked: number;
  claimsFailed: number;
  /** Output tokens reported by the providers. */
  outputTokens: number;
  /** Input tokens reported by the providers. */
  inputTokens: number;
}

/** Aggregates of every event seen (dropped ones included). */
export interface TelemetryCounts extends TelemetryGroup {
  /** The same counts per model name. */
  byModel: Record<string, TelemetryGroup>;
  /** The same counts per `tool` label (`(none)` for calls without one). */
  byTool: Record<string, TelemetryGroup>;
  /** The same counts per model, then per tool: repair kinds per model per tool. */
  byModelTool: Record<string, Record<string, TelemetryGroup>>;
}

/** The report `toJSON()` returns. */
export interface TelemetryReport extends TelemetryCounts {
  events: LoopEvent[];
  droppedEvents: number;
}

/** A collector: pass `onEvent` to `generate`, read the counts, serialise with `JSON.stringify`. */
export interface Telemetry {
  /** The listener to pass as `generate({ onEvent })`; bound, so it can be passed around. */
  readonly onEvent: (event: LoopEvent) => void;
  /** Stored events, oldest first, at most `maxEvents`. */
  readonly events: readonly LoopEvent[];
  /** Events not stored because the cap was reached. */
  readonly droppedEvents: number;
  /** Aggregates over every event, stored or not. */
  readonly counts: Readonly<TelemetryCounts>;
  /** A plain-data report for a run. */
  toJSON(): TelemetryReport;
  /** Forgets everything. */
  reset(): void;
}

/** The tool key of calls without a `tool` label. */
const NO_TOOL = '(none)';

// Null-prototype maps: kinds, codes, model names and tools are keys, and `__proto__` must stay a plain key.
function map<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

function freshGroup(): TelemetryGroup {
  return {
    calls: 0, successes: 0, failures: 0, attempts: 0, retries: 0,
    repairs: map(), failedRepairs: map(), failureCodes: map(), nearTokenLimit: 0, truncations: map(),
    continuations: 0, restarts: 0, overlaps: 0,
    claimsChecked: 0, claimsFailed: 0, outputTokens: 0, inputTokens: 0,
  };
}

function groupIn(groups: Record<string, TelemetryGroup>, key: string): TelemetryGroup {
  return (groups[key] ??= freshGroup());
}

/** Adds one event to one group. */
function tally(group: TelemetryGroup, event: LoopEvent): void {
  switch (event.type) {
    case 'attempt_started':
      group.attempts++;
      break;
    case 'attempt_ended':
      group.inputTokens += event.usage?.inputTokens ?? 0;
      group.outputTokens += event.usage?.outputTokens ?? 0;
      // Counts only: how a reply was joined says nothing of what it said.
      group.continuations += event.continuations;
      group.restarts += event.restarts;
      group.overlaps += event.overlaps;
      break;
    case 'near_token_limit':
      group.nearTokenLimit++;
      break;
    case 'truncated':
      bump(group.truncations, event.action);
      break;
    case 'repairs_applied':
      for (const r of event.repairs) bump(event.accepted ? group.repairs : group.failedRepairs, r.kind);
      break;
    case 'claims_checked':
      group.claimsChecked += event.total;
      group.claimsFailed += event.failed;
      break;
    case 'attempt_failed':
      bump(group.failureCodes, event.code);
      break;
    case 'retry':
      group.retries++;
      break;
    case 'outcome':
      group.calls++;
      if (event.ok) group.successes++;
      else {
        group.failures++;
        if (event.code) bump(group.failureCodes, event.code);
      }
      break;
    case 'quarantine_failed':
      break;
  }
}

function copyGroup(group: TelemetryGroup): TelemetryGroup {
  return {
    ...group,
    repairs: { ...group.repairs },
    failedRepairs: { ...group.failedRepairs },
    failureCodes: { ...group.failureCodes },
    truncations: { ...group.truncations },
  };
}

function copyGroups(groups: Record<string, TelemetryGroup>): Record<string, TelemetryGroup> {
  const out: Record<string, TelemetryGroup> = {};
  for (const key of Object.keys(groups)) Object.defineProperty(out, key, { value: copyGroup(groups[key]!), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Creates a {@link Telemetry} collector. */
export function createTelemetry(options: TelemetryOptions = {}): Telemetry {
  const maxEvents = options.maxEvents ?? 1000;
  if (!Number.isInteger(maxEvents) || maxEvents < 0) {
    throw new JsonMendError('INVALID_ARGUMENT', `maxEvents must be a non-negative integer, got ${String(maxEvents)}`);
  }
  let events: LoopEvent[] = [];
  let dropped = 0;
  let counts = fresh();

  function fresh(): TelemetryCounts {
    return { ...freshGroup(), byModel: map(), byTool: map(), byModelTool: map() };
  }

  const onEvent = (event: LoopEvent): void => {
    if (events.length < maxEvents) events.push(event);
    else dropped++;
    const model = typeof event.model === 'string' ? event.model : 'unknown';
    const tool = typeof event.tool === 'string' ? event.tool : NO_TOOL;
    tally(counts, event);
    tally(groupIn(counts.byModel, model), event);
    tally(groupIn(counts.byTool, tool), event);
    tally(groupIn((counts.byModelTool[model] ??= map()), tool), event);
  };

  return {
    onEvent,
    get events() {
      return events;
    },
    get droppedEvents() {
      return dropped;
    },
    get counts() {
      return counts;
    },
    toJSON() {
      const byModelTool: Record<string, Record<string, TelemetryGroup>> = {};
      for (const model of Object.keys(counts.byModelTool)) {
        Object.defineProperty(byModelTool, model, { value: copyGroups(counts.byModelTool[model]!), enumerable: true, writable: true, configurable: true });
      }
      return {
        ...copyGroup(counts),
        byModel: copyGroups(counts.byModel),
        byTool: copyGroups(counts.byTool),
        byModelTool,
        events: events.slice(),
        droppedEvents: dropped,
      };
    },
    reset() {
      events = [];
      dropped = 0;
      counts = fresh();
    },
  };
}
