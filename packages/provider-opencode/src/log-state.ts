import type { DisplayEvent } from '@x/core';
import {
  createJsonDocumentReader,
  createSessionLifecycle,
  createToolCallTracker,
  type JsonDocumentReader,
  type SessionLifecycle,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { OPENCODE_TOOL_ALIASES } from './tool-names.js';
import type { ExportMessage } from './log-wire-schema.js';

/** What one session-log stream remembers: the document being read, and the calls seen (ids stay unique across documents). */
export interface OpenCodeLogState {
  reader: JsonDocumentReader;
  tools: ToolCallTracker;
  /** Each document is a session: it starts and ends once. */
  lifecycle: SessionLifecycle;
}

/** A fresh {@link OpenCodeLogState}. */
export function createOpenCodeLogState(): OpenCodeLogState {
  return {
    reader: createJsonDocumentReader(),
    tools: createToolCallTracker({ aliases: OPENCODE_TOOL_ALIASES }),
    lifecycle: createSessionLifecycle(),
  };
}

/** What one export document's messages add up to, for its session end. */
export interface DocumentWalk {
  tools: ToolCallTracker;
  events: DisplayEvent[];
  model: string | undefined;
  /** Finished steps: the session's turns. */
  steps: number;
  /** The last assistant message, whose `finish` or `error` says how the session ended. */
  lastAssistant: ExportMessage['info'] | undefined;
  /** Whether the session is OpenCode 0.x's, which writes no `finish` at all (L11). */
  unmarkedFinish: boolean;
  /** `time.created` of the first message and the last completion (or creation) seen. */
  first: number | undefined;
  last: number | undefined;
}
