// The slice of the library the CLI drives. Everything comes from the package entry point, so the CLI
// exercises exactly the public API a user would import, with its real types.
export {
  canonicalize,
  coerce,
  compileQuery,
  extract,
  formatClaimFeedback,
  get,
  JsonMendError,
  parse,
  parsePath,
  parseWithReport,
  positionOf,
  query,
  queryPaths,
  repair,
  verifyAll,
} from '../index.js';
export type { Candidate, Claim, ClaimResult, Repair, SchemaParseOptions, SchemaLike } from '../index.js';

import type { Repair } from '../index.js';

/** A repair as the CLI reads it: either kind of {@link Repair}, with every field optional. */
export type AnyRepair = Partial<Omit<Extract<Repair, { offset: number }>, 'kind'>> &
  Partial<Omit<Extract<Repair, { path: string }>, 'kind'>> & { kind: string };
