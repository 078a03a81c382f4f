import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listFixtureProviders, listFixtures } from '../../../tooling/fixtures.js';
import { detectAcp } from './index.js';

const linesOf = (path: string) => readFileSync(path, 'utf8').split('\n').slice(0, 20);

describe('detectAcp', () => {
  it.each(listFixtures('acp').map((f) => [f.scenario, f.streamPath]))('claims %s', (_scenario, path) => {
    expect(detectAcp(linesOf(path)).confidence).toBeGreaterThanOrEqual(0.8);
  });

  it("claims no other provider's fixtures", () => {
    for (const provider of listFixtureProviders().filter((p) => p !== 'acp')) {
      for (const fixture of listFixtures(provider))
        expect([fixture.streamPath, detectAcp(linesOf(fixture.streamPath)).confidence]).toEqual([fixture.streamPath, 0]);
    }
  });

  it('does not claim the initialize request of another JSON-RPC protocol (MCP)', () => {
    const mcp = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c' } },
    });
    expect(detectAcp([mcp]).confidence).toBe(0);
  });
});
