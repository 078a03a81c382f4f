// A `--html` target that is a symlink has the file it names replaced, never
// itself, also when that file does not exist yet: the page once went over a
// dangling symlink (and over a loop of them), destroying the link.
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode } from './exit-codes.js';
import { openHtmlTarget } from './html-file.js';
import type { GuardedStream } from './output.js';

const noStdout = undefined as unknown as GuardedStream;

async function writePage(target: string): Promise<void> {
  const page = await openHtmlTarget(target, [], noStdout);
  page.sink.write('<!DOCTYPE html>\n');
  await page.finish();
}

describe.skipIf(process.platform === 'win32')('--html through a symlink', () => {
  it("resolves a relative link's `..` from the link's real folder, as the kernel does, not from the path's spelling", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-html-link-'));
    mkdirSync(join(dir, 'real'));
    mkdirSync(join(dir, 'out'));
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    symlinkSync('../out/run.html', join(dir, 'real', 'page.html'));
    symlinkSync(join(dir, 'real'), join(dir, 'a', 'b', 'alias'));
    await writePage(join(dir, 'a', 'b', 'alias', 'page.html'));
    expect(readFileSync(join(dir, 'out', 'run.html'), 'utf8')).toBe('<!DOCTYPE html>\n');
    expect(readlinkSync(join(dir, 'real', 'page.html'))).toBe('../out/run.html');
    expect(readdirSync(join(dir, 'a'))).toEqual(['b']);
  });

  it('writes a new file named by a dangling symlink, and leaves the link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-html-link-'));
    symlinkSync(join(dir, 'run.html'), join(dir, 'page.html'));
    await writePage(join(dir, 'page.html'));
    expect(lstatSync(join(dir, 'page.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'run.html'), 'utf8')).toBe('<!DOCTYPE html>\n');
    expect(readdirSync(dir).sort()).toEqual(['page.html', 'run.html']);
  });

  it('refuses a loop of symlinks in one line with exit 7, leaving both links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-html-link-'));
    symlinkSync('b.html', join(dir, 'a.html'));
    symlinkSync('a.html', join(dir, 'b.html'));
    const failure = await writePage(join(dir, 'a.html')).then(() => undefined, (error: unknown) => error as { message: string; exitCode: number });
    expect(failure?.exitCode).toBe(ExitCode.output);
    expect(failure?.message).toMatch(/^cannot write .*a\.html: .*\(ELOOP\)\.$/);
    expect(readdirSync(dir).sort()).toEqual(['a.html', 'b.html']);
    expect(lstatSync(join(dir, 'a.html')).isSymbolicLink()).toBe(true);
  });

  it('names the missing folder a dangling symlink points into', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-html-link-'));
    symlinkSync(join(dir, 'gone', 'run.html'), join(dir, 'page.html'));
    await expect(writePage(join(dir, 'page.html'))).rejects.toThrow(`the directory ${join(dir, 'gone')} does not exist`);
    expect(lstatSync(join(dir, 'page.html')).isSymbolicLink()).toBe(true);
  });
});
