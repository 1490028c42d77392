// A collector for loop events: counts per repair kind and failure code, capped event storage, a JSON report.
import { JsonMendError } from '../errors.js';
import type { LoopEvent } from './events.js';

/** Options of {@link createTelemetry}. */
export interface TelemetryOptions {
  /** How many events to keep; later ones are counted in `droppedEvents`. Default 1000. */
  maxEvents?: number;
}

/** Aggregates of every event seen (dropped ones included). */
export interface TelemetryCounts {
  /** Calls that ended (`outcome` events). */
  calls: number;
  /** Calls that ended with a value. */
  successes: number;
  /** Calls that ended with an error. */
  failures: number;
  /** Model calls made. */
  attempts: number;
  /** Retries made. */
  retries: number;
  /** Repairs by kind. */
  repairs: Record<string, number>;
  /** Failed attempts and failed calls by error code. */
  failureCodes: Record<string, number>;
  /** Output tokens reported by the providers. */
  outputTokens: number;
  /** Input tokens reported by the providers. */
  inputTokens: number;
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

function bump(map: Record<string, number>, key: string): void {
  map[key] = (Object.prototype.hasOwnProperty.call(map, key) ? map[key]! : 0) + 1;
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
    return {
      calls: 0, successes: 0, failures: 0, attempts: 0, retries: 0,
      // Null-prototype maps: kinds and codes are our own names, but `__proto__` must stay a plain key anyway.
      repairs: Object.create(null) as Record<string, number>,
      failureCodes: Object.create(null) as Record<string, number>,
      outputTokens: 0, inputTokens: 0,
    };
  }

  const onEvent = (event: LoopEvent): void => {
    if (events.length < maxEvents) events.push(event);
    else dropped++;
    switch (event.type) {
      case 'attempt_started':
        counts.attempts++;
        break;
      case 'attempt_ended':
        counts.inputTokens += event.usage?.inputTokens ?? 0;
        counts.outputTokens += event.usage?.outputTokens ?? 0;
        break;
      case 'repairs_applied':
        for (const r of event.repairs) bump(counts.repairs, r.kind);
        break;
      case 'attempt_failed':
        bump(counts.failureCodes, event.code);
        break;
      case 'retry':
        counts.retries++;
        break;
      case 'outcome':
        counts.calls++;
        if (event.ok) counts.successes++;
        else {
          counts.failures++;
          if (event.code) bump(counts.failureCodes, event.code);
        }
        break;
    }
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
      return {
        ...counts,
        repairs: { ...counts.repairs },
        failureCodes: { ...counts.failureCodes },
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
