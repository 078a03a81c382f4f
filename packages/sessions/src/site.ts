import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { sessionStatusSchema } from '@x/core';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PAGE_FACTS_MAX_PROMPT_CHARS,
  PAGE_FACTS_MAX_PROMPTS,
  type PageFacts,
  type PageJob,
  type RenderPage,
  type RenderResult,
  type WorkerRenderModule,
} from './site-workers.js';
import { makeFolders, temporaryPath, writeFileAtomic } from './atomic-file.js';
import { renderInWorkers } from './site-workers.js';
import { redactSecrets, redactValue } from './redact.js';
import { readRegularFile } from './store-path.js';
import { sessionTitle } from './render-session.js';
import type { SessionInfo } from './types.js';

/** A stream the progress bar is drawn on: standard error, or a test double. */
export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** One row of the site's index: a session, the page it links to relative to the site's root (`''`: no page), and what its render noted. */
export interface IndexEntry {
  session: SessionInfo;
  href: string;
  title: string;
  facts?: PageFacts;
}

/** Options of {@link writeSite}. */
export interface WriteSiteOptions {
  /** Renders a session's page into a file in this thread: used when no worker module is given, or for a single page. */
  render: RenderPage;
  /**
   * The index page's whole HTML document from its rows (sessions as the
   * listing ordered them, redacted when `redact` is set), and the title.
   * `xview site` passes the list view of `xview serve`'s app.
   */
  renderIndex: (entries: readonly IndexEntry[], title: string) => string;
  /** When given, `search.html` beside the index: a page that searches the rows (their titles and the prompts their renders noted) in the browser. */
  renderSearch?: (entries: readonly IndexEntry[], title: string) => string;
  /** Renders pages on worker threads by importing this module (see {@link WorkerRenderModule}). */
  worker?: WorkerRenderModule;
  /** Worker threads; default: the machine's available parallelism. */
  threads?: number;
  /** Where a progress bar is drawn; only a terminal (`isTTY`) gets one. */
  progress?: ProgressStream;
  /** The index page's title. */
  title?: string;
  /**
   * Replace secrets in what the index shows of each session (title, project,
   * branch). The pages are the `render` function's: redact there too.
   */
  redact?: boolean;
  /**
   * Anything else a page depends on, such as `"redact"`: a page is rewritten
   * when this changes, as when its log changes.
   */
  variant?: string;
}

/** What {@link writeSite} did. */
export interface SiteReport {
  indexPath: string;
  /** Pages written this run. */
  written: number;
  /** Pages left as they were: their log had not changed. */
  unchanged: number;
  /** Sessions whose page could not be rendered, with why; the index still lists them without a link. */
  failed: { session: SessionInfo; error: string }[];
}

interface ManifestEntry {
  source: string;
  signature: string;
  facts?: PageFacts;
}
interface Manifest {
  version: 1;
  pages: Record<string, ManifestEntry>;
}

const MANIFEST = 'manifest.json';
/** A larger manifest is not read (every page is written again): 50 prompts of 200 characters for each of 10,000 sessions is well under it. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

/** What decides whether a page is stale: the log's size and time, and the render variant. */
export function sessionSignature(session: SessionInfo, variant = ''): string {
  // Only a session stored as one log file has a size of its own: a database (OpenCode 1.2) or a
  // folder of files holds more than the session, so its row's time alone says when it changed.
  const size = session.storage === 'file' ? String(session.size) : '';
  return `${size}:${session.updatedAt}:${variant}`;
}

/** The longest key part of a page's name: with the agent, a `-<n>` and the temporary file's suffix it stays well under 255 bytes. */
const PAGE_NAME_MAX = 160;

/**
 * The page of a session, relative to the site root: a file name made of safe
 * characters only, from the session's key (its id, or where several logs
 * share the id, the id and a hash of the path). `writeSite` adds a number
 * where two keys still come to one name.
 */
export function pagePath(session: SessionInfo): string {
  const key = session.key ?? session.id;
  const safe = key.replace(/[^A-Za-z0-9._-]/g, '_');
  // An id is the log's to choose (Codex takes it from the log's first line): a name past the 255 bytes
  // a file system allows would fail the whole site, so a long one is cut and told apart by a hash.
  if (safe.length <= PAGE_NAME_MAX) return `sessions/${session.agent}-${safe}.html`;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return `sessions/${session.agent}-${safe.slice(0, PAGE_NAME_MAX - 9)}-${hash}.html`;
}

/**
 * One page per session: where two sessions come to one file name (ids that
 * differ only in unsafe characters, or only in case, which the file systems
 * of macOS and Windows do not tell apart), the later gets `-2`, `-3`, …
 * Exported for its test.
 */
export function pagePaths(sessions: readonly SessionInfo[]): Map<SessionInfo, string> {
  const pages = new Map<SessionInfo, string>();
  const used = new Set<string>();
  // Where each name's search for a free number left off: sought from `-2` each time, n sessions that come to one
  // name (ids the logs choose) took a time that grew with n squared, a minute for 20,000.
  const next = new Map<string, number>();
  for (const session of sessions) {
    const base = pagePath(session);
    const folded = base.toLowerCase();
    let page = base;
    let n = next.get(folded) ?? 2;
    if (used.has(folded)) {
      for (; used.has(numbered(base, n).toLowerCase()); n += 1);
      page = numbered(base, n);
      n += 1;
    }
    next.set(folded, n);
    used.add(page.toLowerCase());
    pages.set(session, page);
  }
  return pages;
}

/** A page's name with a number told apart: `sessions/codex-x_-2.html`. */
function numbered(page: string, n: number): string {
  return page.replace(/\.html$/, `-${n}.html`);
}

/** The facts a manifest entry holds, keeping only values of the right type: the manifest is a file anyone with the folder can edit. */
function checkedFacts(value: unknown): PageFacts | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { status, durationMs, prompts } = value as Record<string, unknown>;
  const facts: PageFacts = {};
  const known = sessionStatusSchema.safeParse(status);
  if (known.success) facts.status = known.data;
  if (typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs >= 0) facts.durationMs = durationMs;
  if (Array.isArray(prompts)) {
    const kept = prompts.filter((p): p is string => typeof p === 'string').slice(0, PAGE_FACTS_MAX_PROMPTS);
    facts.prompts = kept.map((p) => p.slice(0, PAGE_FACTS_MAX_PROMPT_CHARS));
  }
  return facts;
}

async function readManifest(outDir: string): Promise<Manifest> {
  try {
    // Only a regular file, opened non-blocking: a FIFO planted in its place would otherwise hold the site forever.
    const parsed = JSON.parse(await readRegularFile(join(outDir, MANIFEST), MANIFEST_MAX_BYTES)) as Manifest;
    if (parsed.version === 1 && parsed.pages !== null && typeof parsed.pages === 'object') {
      for (const entry of Object.values(parsed.pages)) {
        const facts = checkedFacts(entry?.facts);
        if (facts === undefined) delete entry.facts;
        else entry.facts = facts;
      }
      return parsed;
    }
  } catch {
    // No manifest yet (first run) or an unreadable one: every page is written.
  }
  return { version: 1, pages: {} };
}

function createProgressBar(stream: ProgressStream | undefined, total: number) {
  const enabled = stream?.isTTY === true && total > 0;
  let done = 0;
  return {
    tick(): void {
      done += 1;
      if (!enabled) return;
      const filled = Math.round((done / total) * 30);
      stream?.write(`\rxview: writing pages [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${done}/${total}`);
    },
    end(): void {
      if (enabled) stream?.write('\r\u001b[2K');
    },
  };
}

async function renderOne(job: PageJob, render: RenderPage): Promise<RenderResult> {
  try {
    const facts = await render(job.session, job.file);
    return facts ? { ok: true, facts } : { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof Error && error.name === 'PageWriteError'
      ? { error: message, writeFailed: true, code: (error as NodeJS.ErrnoException).code }
      : { error: message };
  }
}

async function renderAll(jobs: readonly PageJob[], options: WriteSiteOptions, done: (job: PageJob, r: RenderResult) => Promise<void>): Promise<void> {
  const threads = options.threads ?? availableParallelism();
  if (options.worker !== undefined && threads > 1 && jobs.length > 1) {
    await renderInWorkers(jobs, options.worker, threads, done);
    return;
  }
  for (const job of jobs) await done(job, await renderOne(job, options.render));
}

/**
 * A page's file could not be written: the site stops with the file system's
 * error, its `code` kept so the caller reports a failed write (one without a
 * code is still a failed write: `EIO`).
 */
function writeFailure(result: { error: string; code?: string | undefined }): Error {
  return Object.assign(new Error(result.error), { code: result.code ?? 'EIO' });
}

/**
 * Writes a static site of sessions to `outDir`: `index.html` (sessions grouped
 * by project, plain linkable HTML) and one self-contained page per log under
 * `sessions/` (logs that share an id get a page each, see {@link pagePath}).
 * Each page is rendered into a temporary file and renamed into place when
 * complete, so a reader never sees half a page. Incremental: `manifest.json`
 * records each page's log path, size and time, and a re-run rewrites only the
 * pages whose log changed. Pages are rendered on worker threads when `worker`
 * is given.
 */
export async function writeSite(outDir: string, sessions: readonly SessionInfo[], options: WriteSiteOptions): Promise<SiteReport> {
  await makeFolders(join(outDir, 'sessions'));
  const manifest = await readManifest(outDir);
  const variant = options.variant ?? '';
  const pages = pagePaths(sessions);
  const stale = sessions.filter((s) => manifest.pages[pages.get(s) as string]?.signature !== sessionSignature(s, variant));
  const report: SiteReport = { indexPath: join(outDir, 'index.html'), written: 0, unchanged: sessions.length - stale.length, failed: [] };
  const failed = new Set<SessionInfo>();
  const progress = createProgressBar(options.progress, stale.length);
  const jobs = stale.map((session) => ({ session, file: temporaryPath(join(outDir, pages.get(session) as string)) }));
  try {
    await renderAll(jobs, options, async ({ session, file }, result) => {
      progress.tick();
      const page = pages.get(session) as string;
      if ('error' in result) {
        await unlink(file).catch(() => undefined);
        if (result.writeFailed) throw writeFailure(result);
        failed.add(session);
        report.failed.push({ session, error: result.error });
        delete manifest.pages[page];
        return;
      }
      await rename(file, join(outDir, page));
      // The manifest is published with the pages: its log path (a Claude folder spells the working directory) is redacted as they are.
      manifest.pages[page] = { source: options.redact ? redactSecrets(session.path) : session.path, signature: sessionSignature(session, variant), ...(result.facts ? { facts: result.facts } : {}) };
      report.written += 1;
    });
  } finally {
    progress.end();
    await writeFileAtomic(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  const entries: IndexEntry[] = sessions.map((session) => {
    const shown = options.redact ? redactValue(session) : session;
    const page = pages.get(session) as string;
    const facts = failed.has(session) ? undefined : manifest.pages[page]?.facts;
    return { session: shown, href: failed.has(session) ? '' : page, title: sessionTitle(shown), ...(facts ? { facts } : {}) };
  });
  const title = options.title ?? 'Agent sessions';
  await writeFileAtomic(report.indexPath, options.renderIndex(entries, title));
  if (options.renderSearch) await writeFileAtomic(join(outDir, 'search.html'), options.renderSearch(entries, title));
  return report;
}
