import { describe, expect, it } from 'vitest';
import { exportedTypeNames } from '../test/export-names.js';
import * as api from './index.js';

// The contract of @x/core, name by name: what plugins and applications rely
// on, under strict semver (README, "What follows semver"). A name added to or
// removed from src/index.ts fails this test, so the contract changes only on
// purpose: update the list, the README and a changeset together. Helpers for
// plugin authors are pinned by provider-utils.exports.test.ts.
describe('@x/core exports', () => {
  it('exports exactly its contract: values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CANONICAL_TOOLS',
      'DETECT_SAMPLE_LINES',
      'DISPLAY_EVENT_KINDS',
      'INVISIBLE_CHARACTER_CLASS',
      'MAX_COMBINING_MARKS',
      'PREVIEW_MAX_CHARS',
      'RUN_OUTCOME_MAX_MESSAGE_CHARS',
      'SPECIFICATION_VERSION',
      'SUPPORTED_SPECIFICATION_VERSIONS',
      'VERSION',
      'aggregateRun',
      'boundMarksAcross',
      'checkSpecificationVersion',
      'collectDisplayOutput',
      'createDisplayOutputBuilder',
      'createEventTransformStream',
      'createInvisibleMarker',
      'createRunAggregator',
      'createSourceRegistry',
      'createUsageCounter',
      'defineRenderer',
      'defineSource',
      'displayEventSchema',
      'errorEventSchema',
      'fileChangeSchema',
      'fileEditsOf',
      'formatCost',
      'formatCount',
      'formatDuration',
      'formatStatus',
      'invisibleNotation',
      'isInvisibleCharacter',
      'noticeEventSchema',
      'parseDisplayEvent',
      'passthroughSource',
      'promptEventSchema',
      'reasoningEventSchema',
      'replayLines',
      'runPipeline',
      'sessionEventSchema',
      'sessionStatusSchema',
      'streamEvents',
      'summarizeToolResult',
      'textEventSchema',
      'toWriteText',
      'toolKindSchema',
      'toolOutputStateSchema',
      'toolResultDetailsSchema',
      'toolResultEventSchema',
      'toolUseEventSchema',
      'usageEventSchema',
    ]);
  });

  it('exports exactly its contract: types', () => {
    expect(exportedTypeNames(new URL('./index.ts', import.meta.url))).toEqual([
      'ByteInput',
      'CanonicalToolName',
      'Detection',
      'DetectionResult',
      'Diagnostic',
      'DiffLine',
      'DisplayEvent',
      'DisplayEventKind',
      'DisplayEventParseResult',
      'DisplayEventSource',
      'DisplayEventV1',
      'DisplayOutputBuilder',
      'ErrorDisplayEvent',
      'EventStream',
      'FileChange',
      'FileEdit',
      'InvisibleMarkerOptions',
      'LineAccounting',
      'LineContext',
      'LineOutcome',
      'NoticeDisplayEvent',
      'PipelineOptions',
      'PipelineReport',
      'PromptDisplayEvent',
      'ReasoningDisplayEvent',
      'Renderer',
      'ReplayResult',
      'RunAggregator',
      'RunAggregatorOptions',
      'RunDrift',
      'RunOutcome',
      'RunOutcomeOmissions',
      'RunPipelineOptions',
      'SessionDisplayEvent',
      'SessionStatus',
      'SourceCadence',
      'SourceParser',
      'SourceRegistry',
      'SpecificationVersion',
      'TextDisplayEvent',
      'TextSink',
      'ToolCallCounts',
      'ToolCallOutcomeSummary',
      'ToolKind',
      'ToolOutputState',
      'ToolResultDetails',
      'ToolResultDisplayEvent',
      'ToolUseDisplayEvent',
      'UsageCounter',
      'UsageDisplayEvent',
      'UsageTokenField',
      'UsageTotals',
      'WriteText',
    ]);
  });

  it('keeps internals out: no name of the helpers is also in the contract', async () => {
    const helpers = await import('./provider-utils.js');
    expect(Object.keys(api).filter((name) => name in helpers)).toEqual([]);
  });
});
