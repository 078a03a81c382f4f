import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/provider-openai-compatible, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/provider-openai-compatible exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'OPENAI_COMPATIBLE_TOOL_ALIASES',
      'VERSION',
      'completionUsageSchema',
      'createChatCompletionParser',
      'createOpenAICompatibleSource',
      'createResponsesParser',
      'detectChatCompletion',
      'detectOpenAICompatible',
      'detectResponses',
      'errorObjectSchema',
      'openaiCompatibleSource',
      'resolveOpenAICompatibleToolName',
      'responseUsageSchema',
      'translateChatCompletion',
      'translateResponse',
    ]);
  });
});
