import { describe, expect, it } from 'vitest';
import { compactionNotice } from './compaction-notice.js';

describe('compactionNotice', () => {
  it('is one info notice with code compaction, naming what the agent says of it', () => {
    expect(compactionNotice({ trigger: 'manual', tokensBefore: 2042, tokensAfter: 2550 })).toEqual({
      kind: 'notice',
      level: 'info',
      message: 'Conversation compacted (manual, 2042 tokens before, 2550 after)',
      code: 'compaction',
    });
    expect(compactionNotice({ trigger: 'auto', tokensBefore: 155000 }).message).toBe('Conversation compacted (auto, 155000 tokens before)');
    expect(compactionNotice().message).toBe('Conversation compacted');
    expect(compactionNotice({ trigger: '' }).message).toBe('Conversation compacted');
  });
});
