export { openSearchIndex } from './search-index.js';
export {
  type IndexedSession,
  type IndexProgress,
  type SearchField,
  type SearchHit,
  type SearchIndex,
  type SearchIndexOptions,
  type SearchOptions,
  SNIPPET_LENGTH,
  type UpdateOptions,
  type UpdateResult,
} from './types.js';
export { createFactsState, finishFacts, tapFacts, type FactsState, type SessionFacts } from './session-facts.js';
export { VERSION } from './version.js';
