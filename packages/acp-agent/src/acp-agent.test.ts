import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeCli, recorded, scratch, withAgent } from '../test/acp-harness.js';

describe('probe', () => {
  it('prints', async () => {
    const dir = scratch();
    const log = join(dir, 'argv.jsonl');
    const out = await withAgent(fakeCli('claude', [recorded('claude/recorded/2.1.332/read-edit-run.jsonl')], log), async (agent, updates) => {
      const { sessionId } = await agent.request('session/new', { cwd: dir, mcpServers: [] });
      const response = await agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Fix the typo' }] });
      return { response, updates };
    });
    console.log(JSON.stringify(out, null, 1));
    expect(out).toBeDefined();
  });
});
