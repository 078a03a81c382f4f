import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CliError, ExitCode } from './exit-codes.js';

/** One input: a file or standard input, as a stream of bytes. */
export interface CliInput {
  /** `-` for standard input, else the path as given. */
  name: string;
  /** The size in bytes when known (a regular file), for progress. */
  size: number | undefined;
  open(): AsyncIterable<Uint8Array>;
}

/** Checks that every file exists and is a file, before anything is rendered. */
export async function resolveInputs(files: readonly string[], stdin: AsyncIterable<Uint8Array>): Promise<CliInput[]> {
  if (files.length === 0) return [{ name: '-', size: undefined, open: () => stdin }];
  const inputs: CliInput[] = [];
  for (const file of files) {
    if (file === '-') {
      inputs.push({ name: '-', size: undefined, open: () => stdin });
      continue;
    }
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String((error as Error).message);
      throw new CliError(`cannot read ${file}: ${why}. Check the path, or pipe the agent's output in instead.`, ExitCode.input);
    }
    if (info.isDirectory()) throw new CliError(`${file} is a directory: give the file of a recorded run, such as run.jsonl.`, ExitCode.input);
    inputs.push({ name: file, size: info.isFile() ? info.size : undefined, open: () => createReadStream(file) });
  }
  return inputs;
}

/** How many leading bytes are checked for binary data. */
const BINARY_SNIFF_BYTES = 8192;

/** Whether the first bytes of a stream look like binary data rather than text. */
export function looksBinary(head: Uint8Array): boolean {
  const end = Math.min(head.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (head[i] === 0) return true;
  return false;
}
