import { describe, expect, it } from 'vitest';
import { eventLine, replayLog } from './test-helpers.js';

/*
 * A restating shutdown (Copilot CLI 1.0.70 and later, or one with an
 * `accountingSnapshot`) is counted as what it adds beyond the totals the
 * previous one restated, per model. Those totals are remembered for a bounded
 * number of models (docs/memory.md): a log naming new models on every
 * shutdown must not keep them all.
 */

const at = (second: number) => `2026-06-02T09:00:${String(second).padStart(2, '0')}.000Z`;
const start = eventLine('session.start', { sessionId: 's', copilotVersion: '1.0.102', startTime: at(0), context: { cwd: '/w' } }, { id: 'e0', timestamp: at(0) });
const shutdown = (second: number, models: string[], input: number) =>
  eventLine(
    'session.shutdown',
    {
      shutdownType: 'routine',
      sessionStartTime: Date.parse(at(0)),
      accountingSnapshot: {},
      modelMetrics: Object.fromEntries(models.map((model) => [model, { requests: { count: 1, cost: 0 }, usage: { inputTokens: input, outputTokens: 1 } }])),
    },
    { id: `e${second}`, timestamp: at(second) },
  );
const inputOf = (lines: string[], model: string) =>
  replayLog(lines).events.flatMap((e) => (e.kind === 'usage' && e.model === model ? [e.inputTokens] : []));

describe('copilot-log: restated totals per model', () => {
  it('remembers the 256 latest models: an older one has its next restated totals counted whole', () => {
    const models = Array.from({ length: 300 }, (_, k) => `model-${k}`);
    const lines = [start, shutdown(1, models, 10), shutdown(2, ['model-0', 'model-299'], 15)];
    expect(inputOf(lines, 'model-299')).toEqual([10, 5]);
    expect(inputOf(lines, 'model-0')).toEqual([10, 15]);
  });

  it('below the bound, only the increase is counted', () => {
    const models = Array.from({ length: 256 }, (_, k) => `model-${k}`);
    expect(inputOf([start, shutdown(1, models, 10), shutdown(2, ['model-0'], 15)], 'model-0')).toEqual([10, 5]);
  });
});
