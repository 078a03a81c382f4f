import type { ServerResponse } from 'node:http';
import { SERVE_CSP } from './page-shell.js';

/**
 * Headers on every answer: the pages' CSP also as a header (where
 * `frame-ancestors` works, which a meta tag cannot set), no sniffing, no
 * referrer, no caching of what may hold secrets.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': `${SERVE_CSP}; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Writes a chunk, waiting for the socket to drain when its buffer is full (backpressure). */
export function writeChunk(response: ServerResponse, chunk: string | Uint8Array): Promise<void> | void {
  if (response.write(chunk)) return;
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** A whole answer at once. */
export function sendText(response: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, ...extra });
  response.end(body);
}

/** A plain-text refusal or miss; it says what is wrong, never what is on disk. */
export function sendError(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  sendText(response, status, 'text/plain; charset=utf-8', `${message}\n`);
}
