/**
 * The extraction stage: where in what a model wrote the JSON candidates are.
 * @module
 */
export { extract } from './extract.js';
export { describeNoJson } from './describe.js';
export {
  CANDIDATE_SOURCES,
  DEFAULT_ANSWER_TAGS,
  DEFAULT_REASONING_TAGS,
  type Candidate,
  type CandidateSource,
  type ExtractOptions,
} from './types.js';
