import { describe, expect, it } from 'vitest';
import { exportedTypeNames } from '../test/export-names.js';
import * as helpers from './provider-utils.js';

// `@x/core/provider-utils`, name by name: the helpers for plugin authors,
// which may change in a minor version (README, "What follows semver"). A name
// here has a user outside @x/core (a provider, an example, the bench) or is
// part of the provider skeleton every provider follows; anything else stays
// internal. Update the list, the README and a changeset together.
describe('@x/core/provider-utils exports', () => {
  it('exports exactly its helpers: values', () => {
    expect(Object.keys(helpers).sort()).toEqual([
      'arrayField',
      'compactKey',
      'compactionNotice',
      'compareVersions',
      'countSearchOutput',
      'createBoundedText',
      'createEventHold',
      'createIndentedHead',
      'createJsonDocumentReader',
      'createPlainPass',
      'createRecentMap',
      'createSessionLifecycle',
      'createTextAssembler',
      'createToolCallTracker',
      'cutText',
      'decodeJsonString',
      'detachText',
      'detectFromLines',
      'extractToolOutput',
      'isJsonObject',
      'jsonShapeRefusal',
      'keptWhole',
      'numberField',
      'objectField',
      'oneLargeReadAtATime',
      'ownField',
      'parseJson',
      'previewToolInput',
      'quickAccept',
      'readEach',
      'readIndentedHeadLine',
      'readJsonLine',
      'readTailLines',
      'readWholeText',
      'resolveToolName',
      'responsesHostedCall',
      'scanHead',
      'scanStreamHead',
      'sseLineData',
      'storeBaseName',
      'storeParent',
      'stringField',
      'toIsoDate',
      'toOneLine',
      'toPlainEvent',
      'toPlainText',
      'toolAliases',
      'unframeSseLine',
    ]);
  });

  it('exports exactly its helpers: types', () => {
    expect(exportedTypeNames(new URL('./provider-utils.ts', import.meta.url))).toEqual([
      'BoundedText',
      'CompactionDetails',
      'DetectFromLinesOptions',
      'EventHold',
      'EventHoldLimits',
      'ExtractedOutput',
      'HeadScan',
      'HostedToolCall',
      'IndentedHead',
      'JsonDocumentReader',
      'JsonLineRead',
      'JsonObject',
      'QuickSchema',
      'RecentMap',
      'ResolvedTool',
      'SessionFields',
      'SessionLifecycle',
      'SseLine',
      'TextAssembler',
      'TextAssemblerOptions',
      'TextCopy',
      'TextCopyMatch',
      'ToolCallEvents',
      'ToolCallOutcome',
      'ToolCallStart',
      'ToolCallTracker',
    ]);
  });

  it('exports only functions: a constant a plugin relies on belongs to the contract', () => {
    expect(Object.values(helpers).every((value) => typeof value === 'function')).toBe(true);
  });
});
