import type { WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { writeSessionHtml, type SessionEventsOptions } from './render-session.js';
import type { SessionInfo } from './types.js';

/**
 * A failure to write a page's file (a full disk, no permission), as against a
 * failure to read or render its session: `writeSite` stops on the first and
 * rejects with it, where a session that cannot be rendered only fails its page.
 */
export class PageWriteError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PageWriteError';
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

/** Chunks are gathered up to this many characters before a write: the HTML renderer hands over one fragment per event. */
const BATCH_CHARS = 64 * 1024;

/** What a page's writer holds: the file, the text not yet written, and the first error the file reported. */
interface PageFile {
  stream: WriteStream;
  parts: string[];
  chars: number;
  error: Error | undefined;
}

/** Writes the gathered text; waits for `drain` when the file asks, and rejects once the file has failed (it would never drain). */
function flush(page: PageFile): Promise<void> | undefined {
  if (page.error !== undefined) return Promise.reject(new PageWriteError(page.error));
  if (page.chars === 0) return undefined;
  const text = page.parts.join('');
  page.parts = [];
  page.chars = 0;
  if (page.stream.write(text)) return undefined;
  return new Promise<void>((resolve, reject) => {
    const settle = () => {
      page.stream.off('drain', settle);
      page.stream.off('error', settle);
      if (page.error === undefined) resolve();
      else reject(new PageWriteError(page.error));
    };
    page.stream.on('drain', settle);
    page.stream.on('error', settle);
  });
}

async function closeFile(page: PageFile): Promise<void> {
  page.stream.end();
  try {
    await finished(page.stream);
  } catch (error) {
    throw new PageWriteError(error);
  }
}

/**
 * Writes a page into `file` as `produce` hands over its text (gathered into
 * writes of about 64 KiB, waiting when the file asks), so memory stays flat
 * whatever the page's size, and resolves to what `produce` resolved to. A
 * failure to write the file rejects with a {@link PageWriteError}; any other
 * rejection is `produce`'s (its session cannot be read or rendered).
 */
export async function writePageFile<T>(file: string, produce: (write: (chunk: string) => Promise<void> | undefined) => Promise<T>): Promise<T> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'w');
  } catch (error) {
    throw new PageWriteError(error);
  }
  const page: PageFile = { stream: handle.createWriteStream(), parts: [], chars: 0, error: undefined };
  page.stream.on('error', (error) => {
    page.error ??= error;
  });
  try {
    const result = await produce((chunk: string) => {
      page.parts.push(chunk);
      page.chars += chunk.length;
      return page.chars >= BATCH_CHARS ? flush(page) : undefined;
    });
    await flush(page);
    await closeFile(page);
    return result;
  } catch (error) {
    page.stream.destroy();
    throw error;
  }
}

/** Renders a session's whole HTML document into `file` as it is read (see `writeSessionHtml`), through {@link writePageFile}. */
export function writeSessionPage(session: SessionInfo, file: string, options: SessionEventsOptions): Promise<void> {
  return writePageFile(file, (write) => writeSessionHtml(session, write, options));
}
