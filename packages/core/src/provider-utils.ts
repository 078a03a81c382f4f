// `@x/core/provider-utils`: helpers for plugin authors, mostly for sources
// (the work of turning an agent's wire format into events). Unlike the
// contract in './index.ts', this surface may change in a minor version (the
// README's "What follows semver" says how to depend on it). Renderers import
// only the contract. The list is pinned by provider-utils.exports.test.ts; a
// name in neither list is internal.

// Tool names: aliases onto the canonical vocabulary, argument previews,
// output extraction and the tracker that pairs calls with their results.
export { resolveToolName, toolAliases, type ResolvedTool } from './tool-vocabulary.js';
export { previewToolInput } from './arg-preview.js';
export { extractToolOutput, type ExtractedOutput } from './tool-output.js';
export { createToolCallTracker, type ToolCallEvents, type ToolCallOutcome, type ToolCallStart, type ToolCallTracker } from './tool-calls.js';
export { countSearchOutput } from './tool-result-details.js';
export { responsesHostedCall, type HostedToolCall } from './responses-hosted-items.js';

// Reading the wire: JSON values, multi-line JSON documents, server-sent events, detection.
export { arrayField, decodeJsonString, isJsonObject, numberField, objectField, ownField, parseJson, stringField, type JsonObject } from './json-value.js';
export { jsonShapeRefusal } from './json-shape.js';
export { createJsonDocumentReader, readJsonLine, type JsonDocumentReader, type JsonLineRead } from './json-document.js';
export { sseLineData, unframeSseLine, type SseLine } from './sse-line.js';
export { detectFromLines, type DetectFromLinesOptions } from './detect-lines.js';
export { quickAccept, type QuickSchema } from './quick-accept.js';

// Per-stream state: text assembly, bounded text, sessions, recent keys.
export {
  createBoundedText,
  detachText,
  createTextAssembler,
  type BoundedText,
  type TextAssembler,
  type TextAssemblerOptions,
  type TextCopy,
  type TextCopyMatch,
} from './text-assembler.js';
export { createSessionLifecycle, type SessionFields, type SessionLifecycle } from './session-lifecycle.js';
export { createEventHold, type EventHold, type EventHoldLimits } from './event-hold.js';
export { compactKey, createRecentMap, keptWhole, type RecentMap } from './recent-keys.js';

// Plain text: what a source emits.
export { cutText, toOneLine } from './text-limits.js';
export { toPlainEvent, toPlainText } from './plain-text.js';
export { createPlainPass } from './plain-pass.js';

// Session stores: a log's head and tail read within bounds, and logs read a few at a time.
export { oneLargeReadAtATime, readEach, readTailLines, readWholeText, scanHead, scanStreamHead, toIsoDate, type HeadScan } from './store-peek.js';
export { createIndentedHead, readIndentedHeadLine, type IndentedHead } from './indented-head.js';
export { storeBaseName, storeParent } from './store-path-names.js';
export { compareVersions } from './version-compare.js';

// What every source shows the same way.
export { compactionNotice, type CompactionDetails } from './compaction-notice.js';
