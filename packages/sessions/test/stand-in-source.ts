import { defineSource } from '@x/core';

/**
 * A stand-in for a session-log source in this package's tests: a user line's
 * string content becomes a prompt, an assistant line's text blocks become text.
 */
export const standInClaudeLogSource = defineSource({
  specificationVersion: 'v1',
  id: 'stand-in-claude-log',
  displayName: 'Stand-in Claude session log',
  cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: 'test stand-in' }),
  createParser: () => ({
    parse(line, context) {
      const record = JSON.parse(line) as { type?: string; uuid?: string; message?: { content?: unknown } };
      const content = record.message?.content;
      if (record.type === 'user' && typeof content === 'string') return [{ kind: 'prompt', form: 'prompt', text: content }];
      if (record.type === 'assistant' && Array.isArray(content)) {
        return content.filter((b) => b?.type === 'text').map((b) => ({ kind: 'text', id: record.uuid ?? 'a', text: String(b.text) }));
      }
      context.ignore('not shown by the stand-in');
      return [];
    },
    flush: () => [{ kind: 'session', phase: 'end', status: 'success' }],
  }),
});
