import { Worker } from 'node:worker_threads';
import type { SessionInfo } from './types.js';

/** Renders one session to a whole HTML document. */
export type RenderPage = (session: SessionInfo) => Promise<string>;

/**
 * A module that worker threads can import: plain JavaScript (built, not
 * TypeScript source) exporting `createRender(data)`, which returns (or
 * resolves to) a {@link RenderPage}. `data` must survive structured clone.
 */
export interface WorkerRenderModule {
  module: string | URL;
  data?: unknown;
}

/** The answer of a render, from a worker or in process. */
export type RenderResult = { html: string } | { error: string };

/** The worker's code: import the render module, then render each session posted to it. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(async (mod) => {
  const render = await mod.createRender(workerData.data);
  parentPort.on('message', async (session) => {
    try { parentPort.postMessage({ html: await render(session) }); }
    catch (error) { parentPort.postMessage({ error: error && error.message ? error.message : String(error) }); }
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

  async render(session: SessionInfo): Promise<RenderResult> {
    await this.ready;
    if (this.deadReason !== undefined) return { error: `the render thread stopped: ${this.deadReason}` };
    return new Promise<RenderResult>((resolve) => {
      this.pending = resolve;
      this.worker.postMessage(session);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Renders sessions on `threads` worker threads (one session per worker at a
 * time), calling `done` as each finishes. Resolves once all are done; a
 * worker that fails to start rejects with its reason.
 */
export async function renderInWorkers(
  sessions: readonly SessionInfo[],
  spec: WorkerRenderModule,
  threads: number,
  done: (session: SessionInfo, result: RenderResult) => Promise<void>,
): Promise<void> {
  const workers = Array.from({ length: Math.max(1, Math.min(threads, sessions.length)) }, () => new PageWorker(spec));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < sessions.length) {
          const session = sessions[next++] as SessionInfo;
          await done(session, await worker.render(session));
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
