import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/acp-agent, name by name: a change to src/index.ts fails
// this test, so the API changes only on purpose (with the README and a changeset).
describe('@x/acp-agent exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual(['AGENT_IDS', 'DEFAULT_GRACE_MS', 'UnknownAgentError', 'VERSION', 'createAcpAgent', 'isAgentId', 'serveAcpAgent']);
  });
});
