import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
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

/**
 * Node's answer to a request it could not parse (400; 431 when its headers
 * are too large, 408 when it came too slowly), written here so that it
 * carries the security headers as every other answer does: Node's own has
 * none. A socket already gone or mid-answer is closed without one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (!socket.writable || answering || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const headers = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}content-length: 0\r\nconnection: close\r\n\r\n`);
}
