import type { CliStream } from '../src/run-cli.js';

/** A standard output or error for `runCli` in a test: not a terminal, and keeps what is written as text. */
export class Capture implements CliStream {
  text = '';
  isTTY = false;
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
  once(): this {
    return this;
  }
}
