import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes the fake CLI (fake-cli.mjs) as an executable file `fake-cli` in a
 * fresh folder, for the tests that name it as a command (`--command`), and
 * returns the folder.
 */
export function writeFakeCli(): string {
  const dir = mkdtempSync(join(tmpdir(), 'x-fake-cli-'));
  const file = join(dir, 'fake-cli');
  writeFileSync(file, `#!/usr/bin/env node\n${readFileSync(join(import.meta.dirname, 'fake-cli.mjs'), 'utf8')}`);
  chmodSync(file, 0o755);
  return dir;
}

/** The fake CLI's environment: it prints `fixtures`, one per run, and logs its arguments to `<dir>/argv.jsonl`. */
export function fakeCliEnv(dir: string, fixtures: readonly string[], extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', FAKE_CLI_FIXTURES: JSON.stringify(fixtures), FAKE_CLI_ARGV_LOG: join(dir, 'argv.jsonl'), ...extra };
}
