import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from './args.js';
import { VALUE_OPTIONS, favoursMemory, readsSmallFiles } from './run-size.js';

const dir = mkdtempSync(join(tmpdir(), 'x-run-size-'));
const file = (name: string, bytes: number) => {
  const path = join(dir, name);
  writeFileSync(path, '');
  truncateSync(path, bytes);
  return path;
};
const small = file('small.jsonl', 10_000);
const medium = file('medium.jsonl', 250 * 1024);
const large = file('large.jsonl', 128 * 1024 * 1024 + 1);
const under = file('under.jsonl', 128 * 1024 * 1024);
const terminal = () => true;
const pipe = () => false;

describe('the size of a run, judged from its arguments', () => {
  it('favours memory for a file past 128 MiB, a pipe, show and site, not for help, version or a small file', () => {
    expect(favoursMemory([large], terminal)).toBe(true);
    expect(favoursMemory(['--verbose', small, large], terminal)).toBe(true);
    expect(favoursMemory([], pipe)).toBe(true);
    expect(favoursMemory(['--provider', 'claude'], pipe)).toBe(true);
    expect(favoursMemory(['show', 'last'], terminal)).toBe(true);
    expect(favoursMemory(['site', 'out'], terminal)).toBe(true);
    expect(favoursMemory(['sessions'], pipe)).toBe(false);
    expect(favoursMemory(['--version'], pipe)).toBe(false);
    expect(favoursMemory(['help', 'show'], pipe)).toBe(false);
    expect(favoursMemory(['-h', large], pipe)).toBe(false);
    expect(favoursMemory([small], pipe)).toBe(false);
    expect(favoursMemory([under], terminal)).toBe(false);
    expect(favoursMemory([], terminal)).toBe(false);
  });

  it('calls a run small when it reads files of at most 256 KiB in all, and nothing else', () => {
    expect(readsSmallFiles([small])).toBe(true);
    expect(readsSmallFiles(['--provider', 'claude', '--verbose', small, medium])).toBe(false);
    expect(readsSmallFiles([small, small])).toBe(true);
    expect(readsSmallFiles([medium])).toBe(true);
    expect(readsSmallFiles([large])).toBe(false);
    // Standard input's length is not known; help, version and the session commands read no input file.
    expect(readsSmallFiles([])).toBe(false);
    expect(readsSmallFiles(['--provider', 'claude'])).toBe(false);
    expect(readsSmallFiles(['--version', small])).toBe(false);
    expect(readsSmallFiles(['show', small])).toBe(false);
  });

  it('counts no option value as an input: a page named by --html, a plugin, a provider id', () => {
    // A page (or /dev/null) is what --html writes, not what the run reads: a piped run still favours memory.
    expect(favoursMemory(['--html', '/dev/null'], pipe)).toBe(true);
    expect(favoursMemory(['--html', small, '--plugin', medium], pipe)).toBe(true);
    expect(favoursMemory(['-vp', 'claude', '--html', large], pipe)).toBe(true);
    expect(favoursMemory(['--html', large], terminal)).toBe(false);
    expect(readsSmallFiles(['--html', large, small])).toBe(true);
    expect(readsSmallFiles(['--html', small])).toBe(false);
    // After `--`, every argument is an input.
    expect(favoursMemory(['--', large], terminal)).toBe(true);
    expect(favoursMemory(['--html=page.html', large], terminal)).toBe(true);
  });

  it('knows every option that takes a value, as the option table has them', () => {
    const taking = OPTIONS.filter((option) => option.value !== undefined).flatMap((option) => [`--${option.name}`, ...(option.short === undefined ? [] : [`-${option.short}`])]);
    expect([...VALUE_OPTIONS].sort()).toEqual(taking.sort());
  });
});
