// The contract of @x/core: what a plugin (a source or a renderer) and an
// application rely on. It follows semver strictly: a name leaves or changes
// incompatibly only in a major version (while 0.x, a minor one, said in a
// changeset). Helpers for plugin authors live in './provider-utils.ts'
// (`@x/core/provider-utils`), which may change in any minor version; anything
// exported by neither is internal. Each list is pinned by its exports test.

// Events: the schemas, their types, and the forward-compatible reader.
export {
  DISPLAY_EVENT_KINDS,
  displayEventSchema,
  errorEventSchema,
  fileChangeSchema,
  noticeEventSchema,
  promptEventSchema,
  reasoningEventSchema,
  sessionEventSchema,
  sessionStatusSchema,
  textEventSchema,
  toolKindSchema,
  toolOutputStateSchema,
  toolResultDetailsSchema,
  toolResultEventSchema,
  toolUseEventSchema,
  usageEventSchema,
} from './display-event.js';
export type {
  DisplayEvent,
  DisplayEventKind,
  DisplayEventV1,
  ErrorDisplayEvent,
  FileChange,
  NoticeDisplayEvent,
  PromptDisplayEvent,
  ReasoningDisplayEvent,
  SessionDisplayEvent,
  SessionStatus,
  TextDisplayEvent,
  ToolKind,
  ToolOutputState,
  ToolResultDetails,
  ToolResultDisplayEvent,
  ToolUseDisplayEvent,
  UsageDisplayEvent,
} from './display-event.js';
export { parseDisplayEvent, type DisplayEventParseResult } from './display-event-wire.js';
// The canonical tool names a tool-use event's `name` is drawn from, and the
// longest `arg` preview: both sides of the contract rely on them.
export { CANONICAL_TOOLS, type CanonicalToolName } from './tool-vocabulary.js';
export { PREVIEW_MAX_CHARS } from './text-limits.js';

// Plugins: sources and renderers, and the contract version they declare.
export { defineSource } from './source.js';
export type { Detection, Diagnostic, DisplayEventSource, LineContext, LineOutcome, SourceCadence, SourceParser, SpecificationVersion } from './source.js';
export { defineRenderer, type Renderer } from './renderer.js';
export { defineRendererPlugin, type InputReport, type RendererPlugin, type RendererPluginOptions, type RendererReportReader } from './renderer-plugin.js';
export { SPECIFICATION_VERSION, SUPPORTED_SPECIFICATION_VERSIONS, checkSpecificationVersion } from './specification-version.js';
// Session stores: where an agent's logs live, how to list them, how to read one back for its log source.
export { defineSessionStore } from './session-store.js';
export type { SessionContent, SessionListContext, SessionRow, SessionStore, SessionStoreContext, SessionStoreLookup } from './session-store.js';
export type { StoreDatabase, StoreDirEntry, StoreFile, StoreFileStat, StoreFileSystem } from './store-file-system.js';
export { toWriteText, type TextSink, type WriteText } from './text-sink.js';
// What every renderer shows the same way: result summaries, file edits as
// diffs, usage totals (renderers are plugins too, so these are contract).
export { summarizeToolResult } from './result-summary.js';
export { fileEditsOf, type DiffLine, type FileEdit } from './file-diff.js';
export { createUsageCounter, type UsageCounter, type UsageTokenField } from './usage-totals.js';
// One record of the calls in flight, for every renderer: their nesting and one set of bounds.
export { CALL_RECORD_MAX_BYTES, CALL_RECORD_MAX_CALLS, createCallRecord, type CallRecord, type CallRecordOptions, type RecordedCall } from './call-record.js';

// The pipeline and the source registry.
export { createEventTransformStream, passthroughSource, runPipeline, streamEvents } from './pipeline.js';
export type { ByteInput, EventStream, PipelineOptions, PipelineReport, RunPipelineOptions } from './pipeline.js';
// The default bounds of what is read: a line, and a JSON document pretty-printed over lines. A reader that
// prepares input for the pipeline (a follower of a growing log, an exported session) bounds it by the same.
export { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';
export { DEFAULT_MAX_DOCUMENT_CHARS } from './json-document.js';
export { replayLines, type LineAccounting, type ReplayResult } from './line-accounting.js';
export { DETECT_SAMPLE_LINES, createSourceRegistry, type DetectionResult, type SourceRegistry } from './source-registry.js';

// A run's outcome and its display output.
export { RUN_OUTCOME_MAX_MESSAGE_CHARS, aggregateRun, countTurns, createRunAggregator } from './run-outcome.js';
export type { RunAggregator, RunAggregatorOptions, RunDrift, RunOutcome, RunOutcomeOmissions, ToolCallCounts, ToolCallOutcomeSummary, UsageTotals } from './run-outcome.js';
// The run's one aggregate as renderers read it: folded once by the pipeline, handed to each renderer.
export { createRunFollower, type RunFollower, type RunView } from './run-view.js';
export { collectDisplayOutput, createDisplayOutputBuilder, type DisplayOutputBuilder } from './display-output.js';
// One formatter for a run's figures, so the terminal, the HTML page and --summary say the same.
export { formatCost, formatCount, formatDuration, formatStatus } from './display-format.js';
// One definition of the characters that act instead of showing, for every channel that writes content (terminal, HTML, NDJSON).
export { INVISIBLE_CHARACTER_CLASS, MAX_COMBINING_MARKS, createInvisibleMarker, invisibleNotation, isInvisibleCharacter, type InvisibleMarkerOptions } from './invisible-characters.js';
export { boundMarksAcross, boundMarksOfDelta } from './mark-runs.js';

export { VERSION } from './version.js';
