// `xview sessions` over more sessions than a function's arguments can hold: the id column's width was the largest of
// every row's, found by spreading them all into Math.max, which overflowed the stack past about 125,000 rows (a home
// of that many sessions, as automated runs leave), and the command ended with exit 70, an internal error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Capture } from '../../test/capture.js';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';

async function* none(): AsyncGenerator<Uint8Array> {}

const COUNT = 150_000;
const home = mkdtempSync(join(tmpdir(), 'x-many-sessions-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A plugin whose store lists COUNT sessions without a file each: the listing is the plugin's, the table xview's. */
const PLUGIN = join(home, 'many.mjs');
writeFileSync(
  PLUGIN,
  `export const manyStore = {
  specificationVersion: 'v1', id: 'many', displayName: 'Many', logSource: 'claude-log', envVariables: [],
  roots: () => ['/nowhere'],
  list: async () => Array.from({ length: ${COUNT} }, (_, i) => ({ agent: 'many', id: 'id-' + i, storage: 'file', path: '/nowhere/' + i, updatedAt: '2026-03-01T10:00:00.000Z', project: '/w', title: 'T' + i, size: 1 })),
  open: async () => { throw new RangeError('none'); },
};\n`,
);

describe('xview sessions with 150,000 sessions', () => {
  it('lists every one of them', async () => {
    const stdout = new Capture();
    const stderr = new Capture();
    const io = { stdin: none(), stdout, stderr, env: { XDG_CONFIG_HOME: join(home, '.config') }, home, cwd: home };
    const code = await runCli(['sessions', '--plugin', PLUGIN, '--agent', 'many', '--all-projects'], io as Parameters<typeof runCli>[1]);
    expect({ code, stderr: stderr.text }).toEqual({ code: ExitCode.ok, stderr: '' });
    const lines = stdout.text.split('\n');
    expect(lines.length).toBe(COUNT + 3);
    expect(lines[2]).toMatch(/^ {2}2026-03-01 10:00 {2}many {6}id-\d+ +T\d+$/);
  }, 60_000);
});
