// A plain `(request) => Promise<string | ModelReply>` as a model.
import { JsonMendError, describeType } from '../../errors.js';
import type { Model, ModelFunction, ModelLike, ModelReply } from '../types.js';

/** Wraps a function model so the loop sees one interface; a `Model` is returned unchanged. */
export function toModel(model: ModelLike): Model {
  if (typeof model === 'function') return fromFunction(model);
  if (model !== null && typeof model === 'object' && typeof (model as Model).generate === 'function') return model;
  throw new JsonMendError('INVALID_ARGUMENT', `model must be a provider model or a function, got ${describeType(model)}`);
}

function fromFunction(fn: ModelFunction): Model {
  return {
    name: fn.name ? `function:${fn.name}` : 'function',
    nativeSchema: false,
    // The function sees the partial assistant turn as the last message and may go on from it.
    canContinue: () => true,
    async generate(request) {
      const out: unknown = await fn(request);
      if (typeof out === 'string') return { text: out };
      if (out !== null && typeof out === 'object' && typeof (out as ModelReply).text === 'string') return out as ModelReply;
      throw new JsonMendError('PROVIDER_ERROR', `the model function returned ${describeType(out)}, not a string or { text }`);
    },
  };
}
