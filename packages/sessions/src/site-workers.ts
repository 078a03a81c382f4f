import { Worker } from 'node:worker_threads';
import type { SessionStatus } from '@x/core';
import type { SessionInfo } from './types.js';

/**
 * What a page's render noted of its session for the index, kept in the
 * site's manifest so an unchanged page's row still shows it. Plain JSON: it
 * crosses from a worker thread.
 */
export interface PageFacts {
  /** The status of the session's last session end; absent when none was seen. */
  status?: SessionStatus;
  /** How long the log covers, in milliseconds. */
  durationMs?: number;
  /** The prompts the person typed, each cut to one line, for a search in the site's pages (at most {@link PAGE_FACTS_MAX_PROMPTS} of {@link PAGE_FACTS_MAX_PROMPT_CHARS}). */
  prompts?: string[];
}

/** Prompts a page's facts keep; the rest of a long session is found through its title and first prompts. */
export const PAGE_FACTS_MAX_PROMPTS = 50;
/** Characters of one kept prompt. */
export const PAGE_FACTS_MAX_PROMPT_CHARS = 200;

/**
 * Renders one session's page into `file`, a temporary file that `writeSite`
 * moves into place once the render resolves (see `writePageFile`, which
 * streams it), and resolves to what it noted for the index, if anything. A
 * failure to write the file should reject with a `PageWriteError`: it stops
 * the site, where any other rejection fails that page only.
 */
export type RenderPage = (session: SessionInfo, file: string) => Promise<PageFacts | undefined | void>;

/**
 * A module that worker threads can import: plain JavaScript (built, not
 * TypeScript source) exporting `createRender(data)`, which returns (or
 * resolves to) a {@link RenderPage}. `data` must survive structured clone.
 */
export interface WorkerRenderModule {
  module: string | URL;
  data?: unknown;
}

/** The answer of a render, from a worker or in process; `code` is set (maybe to `undefined`) when the page's file could not be written. */
export type RenderResult = { ok: true; facts?: PageFacts | undefined } | { error: string; writeFailed?: boolean; code?: string | undefined };

/** A page to render: the session, and the temporary file its page goes to. */
export interface PageJob {
  session: SessionInfo;
  file: string;
}

/** The worker's code: import the render module, then render each session posted to it. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(async (mod) => {
  const render = await mod.createRender(workerData.data);
  parentPort.on('message', async (job) => {
    try { const facts = await render(job.session, job.file); parentPort.postMessage(facts ? { ok: true, facts } : { ok: true }); }
    catch (error) {
      const message = error && error.message ? error.message : String(error);
      const write = error && error.name === 'PageWriteError' ? { writeFailed: true, code: error.code } : {};
      parentPort.postMessage({ error: message, ...write });
    }
  });
  parentPort.postMessage({ ready: true });
}, (error) => parentPort.postMessage({ failed: String(error && error.message ? error.message : error) }));
`;

/** One worker thread with one render in flight at a time. */
class PageWorker {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private pending: ((result: RenderResult) => void) | undefined;
  /** Set when the thread died; later renders fail at once instead of waiting forever. */
  private deadReason: string | undefined;

  constructor(spec: WorkerRenderModule) {
    const module = spec.module instanceof URL ? spec.module.href : spec.module;
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, data: spec.data } });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: { ready?: boolean; failed?: string } & Partial<RenderResult>) => {
        if (message.ready) resolve();
        else if (message.failed !== undefined) reject(new Error(`the render module ${module} did not load: ${message.failed}`));
        else this.settle(message as RenderResult);
      });
      this.worker.on('error', (error) => {
        this.deadReason = error.message;
        reject(error);
        this.settle({ error: error.message });
      });
    });
  }

  private settle(result: RenderResult): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(result);
  }

  async render(job: PageJob): Promise<RenderResult> {
    await this.ready;
    if (this.deadReason !== undefined) return { error: `the render thread stopped: ${this.deadReason}` };
    return new Promise<RenderResult>((resolve) => {
      this.pending = resolve;
      this.worker.postMessage(job);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Renders pages on `threads` worker threads (one page per worker at a
 * time), calling `done` as each finishes. Resolves once all are done; a
 * worker that fails to start rejects with its reason.
 */
export async function renderInWorkers(
  jobs: readonly PageJob[],
  spec: WorkerRenderModule,
  threads: number,
  done: (job: PageJob, result: RenderResult) => Promise<void>,
): Promise<void> {
  const workers = Array.from({ length: Math.max(1, Math.min(threads, jobs.length)) }, () => new PageWorker(spec));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < jobs.length) {
          const job = jobs[next++] as PageJob;
          await done(job, await worker.render(job));
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
