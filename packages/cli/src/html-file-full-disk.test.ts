// A page whose write fails once the disk is full: the file system refuses
// the write the page's end flushes (ENOSPC), after the stream's last check,
// so only the end can tell. `end`'s callback then carries the error; taken
// for the end, the installed xview exited 0 and renamed an empty page into
// place on a full 64 KiB tmpfs.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endStream } from './html-file.js';

describe('--html onto a full disk', () => {
  it('fails the end of the page when its last write is refused', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const page = new Writable({ write: (_chunk, _encoding, callback) => setImmediate(() => callback(full)) });
    page.write('<!DOCTYPE html>\n');
    await expect(endStream(page)).rejects.toBe(full);
  });

  it('ends a page whose writes all went out', async () => {
    const page = new Writable({ write: (_chunk, _encoding, callback) => setImmediate(() => callback()) });
    page.write('<!DOCTYPE html>\n');
    await expect(endStream(page)).resolves.toBeUndefined();
  });
});
