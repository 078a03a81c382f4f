import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { claudeLogSource } from '@x/provider-claude';
import { listSessions } from '@x/sessions';
import { describe, expect, it } from 'vitest';
import { put, tempHome } from '../../../sessions/test/fake-home.js';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { BUILT_IN_STORES } from '../session-stores.js';

// Issue #30: `xview sessions` lists a Claude transcript by @x/sessions, `xview show` names it by the log source; they must agree.
describe('a Claude session resumed into a file of its own', () => {
  it('is listed and ended under the same id, the later session’s', async () => {
    const home = tempHome();
    const path = put(join(home, '.claude', 'projects', '-home-lab-project', '57f6f27a-f714-44de-a160-29f6de7bfd73.jsonl'), readFileSync(join(FIXTURES_DIR, 'claude-log', 'synthetic-resumed.jsonl'), 'utf8'));
    const [listed] = await listSessions({ stores: BUILT_IN_STORES, home });
    const end = replayLines(claudeLogSource, readFileSync(path, 'utf8').split('\n')).events.at(-1);
    expect([listed?.id, end?.kind === 'session' ? end.sessionId : undefined]).toEqual(['57f6f27a-f714-44de-a160-29f6de7bfd73', '57f6f27a-f714-44de-a160-29f6de7bfd73']);
  });
});
