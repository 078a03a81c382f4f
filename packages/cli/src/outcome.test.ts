import { createRunAggregator } from '@x/core';
import { describe, expect, it } from 'vitest';
import { outcomeLine } from './outcome.js';
import { REDACTION } from './redaction.js';

describe('outcomeLine behind --redact', () => {
  // A fatal error's message is quoted as the provider wrote it, cut at 300 characters; a token across the cut, inside the
  // parentheses of an incomplete run's line, ended in no "..." that redaction could take for a cut.
  const message = `${'the upstream request failed again '.repeat(8).slice(0, 280)} key ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789 end`;

  it('redacts the fatal message of an incomplete run before it cuts it', () => {
    const outcome = { ...createRunAggregator().outcome(), status: 'incomplete' as const };
    // As xview writes it to standard error: trimmed, then redacted.
    const line = REDACTION.text((outcomeLine(outcome, message, 'run.jsonl', REDACTION) ?? '').trimEnd());
    expect(line).toContain('the agent died or was cut off (the upstream request failed again');
    expect(line).not.toContain('ghp_');
  });
});
