import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { opencode } from './agents/opencode.js';
import { checkNeeds, onPath } from './needs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding an executable `rg` and a plain file `notes` that is not executable. */
function binFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'x-lab-needs-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'rg'), '#!/bin/sh\n');
  chmodSync(join(dir, 'rg'), 0o755);
  writeFileSync(join(dir, 'notes'), 'not a program');
  chmodSync(join(dir, 'notes'), 0o644);
  return dir;
}

describe('what a CLI needs on PATH', () => {
  it('finds an executable in any folder of PATH, not a plain file, and not in an empty entry', () => {
    const bin = binFolder();
    expect(onPath('rg', ['/nonexistent', bin].join(delimiter))).toBe(true);
    expect(onPath('notes', bin)).toBe(false);
    expect(onPath('rg', ['', '/nonexistent'].join(delimiter))).toBe(false);
  });

  it('refuses OpenCode without rg, in one line saying why, and lets it run with rg', () => {
    const empty = mkdtempSync(join(tmpdir(), 'x-lab-needs-'));
    dirs.push(empty);
    expect(() => checkNeeds(opencode, empty)).toThrow(/^opencode needs rg on PATH: without it its grep and glob tools download ripgrep from github\.com;/);
    expect(() => checkNeeds(opencode, binFolder())).not.toThrow();
  });
});
