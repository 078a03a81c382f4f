import { describe, expect, it } from 'vitest';
import { withoutSqliteWarning } from './sqlite.js';

describe('withoutSqliteWarning', () => {
  it('keeps Node 22\'s SQLite warning off standard error while node:sqlite loads, and lets every other warning through', async () => {
    const seen: string[] = [];
    const listen = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listen);
    try {
      const answer = await withoutSqliteWarning(async () => {
        // What Node 22 emits when node:sqlite is first loaded (lib/sqlite.js: emitExperimentalWarning('SQLite')).
        process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
        process.emitWarning('Something else is an experimental feature', 'ExperimentalWarning');
        process.emitWarning('SQLite is slow here', { type: 'Warning' });
        return 42;
      });
      expect(answer).toBe(42);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual(['ExperimentalWarning: Something else is an experimental feature', 'Warning: SQLite is slow here']);
      const before = process.emitWarning;
      await expect(withoutSqliteWarning(() => Promise.reject(new Error('no sqlite')))).rejects.toThrow('no sqlite');
      expect(process.emitWarning).toBe(before);
    } finally {
      process.off('warning', listen);
    }
  });
});
