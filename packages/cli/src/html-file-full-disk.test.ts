// A page whose write fails once the disk is full: the write is refused by the
// file system after the last check of the stream (ENOSPC came back from the
// write the page's end flushed), so only the end can tell. The installed xview
// exited 0 and renamed an empty page into place on a full 64 KiB tmpfs.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { openHtmlTarget } from './html-file.js';
import type { GuardedStream } from './output.js';

vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
    // The temporary page is created as on a full disk (an inode is free) but no byte of it can be written.
    open: async (path: string, flags: string) => {
      const handle = await real.open(path, flags);
      const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return {
        createWriteStream: () =>
          new Writable({
            write: (_chunk, _encoding, callback) => setImmediate(() => callback(full)),
            final: (callback) => void handle.close().then(() => callback(), callback),
          }),
      };
    },
  };
});

describe('--html onto a full disk', () => {
  it('fails in one line with exit 7, and neither the page nor its temporary file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-full-disk-'));
    const target = join(dir, 'page.html');
    const page = await openHtmlTarget(target, [], {} as GuardedStream);
    page.sink.write('<!DOCTYPE html>\n');
    page.sink.check();
    const failure = await page.finish().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ exitCode: 7, message: `cannot write ${target}: no space left on the device.` });
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
