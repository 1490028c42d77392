/**
 * jsonmend — turn whatever a language model wrote into the exact value a program expects, or into a
 * precise error the model can act on. This file is the public API and nothing else.
 * @packageDocumentation
 */
export * from './errors.js';
export * from './extract/index.js';
export * from './parse/index.js';
export * from './schema/index.js';
export * from './stream/index.js';
export * from './loop/index.js';
export * from './path/index.js';
export * from './verify/index.js';
export * from './tools/index.js';
