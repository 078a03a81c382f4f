// The built binary on a home holding Copilot CLI sessions from before 0.0.422,
// copied from the lab's recordings: 0.0.340's history document and 0.0.376's
// flat session-state/<id>.jsonl (docs/formats/copilot.md §5). Needs `pnpm build`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.cjs');
const recorded = (version: string, scenario: string) => join(FIXTURES_DIR, 'copilot-log', 'recorded', version, scenario, '.copilot');

/** A home with 0.0.340's read-edit-run document and 0.0.376's resumed log, and a project folder to run in. */
function legacyHome(): { home: string; cwd: string } {
  const home = mkdtempSync(join(tmpdir(), 'x-copilot-legacy-'));
  cpSync(recorded('0.0.340', 'read-edit-run'), join(home, '.copilot'), { recursive: true });
  const flat = join(recorded('0.0.376', 'resumed'), 'session-state');
  for (const name of readdirSync(flat)) cpSync(join(flat, name), join(home, '.copilot', 'session-state', name));
  const cwd = join(home, 'project');
  mkdirSync(cwd);
  return { home, cwd };
}

function xview(args: string[], place: { home: string; cwd: string }) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: place.cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: place.home }, timeout: 30_000 });
}

describe.skipIf(!existsSync(bin))('xview on Copilot CLI sessions from before 0.0.422', () => {
  const place = legacyHome();

  it('sessions says in the project that they record no project, and --all-projects lists them', () => {
    const here = xview(['sessions'], place);
    expect(here.stderr).toContain('xview: 2 sessions record no project and are not listed here (--all-projects lists them).');
    const all = xview(['sessions', '--all-projects'], place);
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('(no project recorded)');
    expect(all.stdout).toMatch(/copilot\s+7d2d19b7\s+1\s+Fix the typo in src\/greet\.ts and show me the file\./);
    expect(all.stdout).toMatch(/copilot\s+00a042ad\s+2\s+Remember the number 7\./);
  });

  it('show plays a 0.0.340 history document: the prompt as typed, the calls and their results, the end', () => {
    const shown = xview(['show', '--verbose', '7d2d19b7'], place);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('❯ Fix the typo in src/greet.ts and show me the file.\n');
    expect(shown.stdout).not.toContain('current_datetime');
    expect(shown.stdout).toContain('✎ Edit (+1 -1) /home/lab/project/src/greet.ts');
    expect(shown.stdout).toContain('✓ Completed Bash (exit 0)');
    expect(shown.stdout).toContain('∎ completed | 1 turn');
  });

  it('show plays a 0.0.376 flat log, both runs of its resumed session', () => {
    const shown = xview(['show', '00a042ad'], place);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toBe('I will remember 7.\nYou gave me 7.\n');
  });
});
