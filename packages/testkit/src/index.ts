export * from './event-checks.js';
export * from './hostile-input.js';
export * from './sample-events.js';
export * from './source-conformance.js';
export * from './renderer-conformance.js';
export * from './builtin-samples.js';
export { VERSION } from './version.js';
