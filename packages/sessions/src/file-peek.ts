import type { FileHandle } from 'node:fs/promises';
import { open, readdir } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** How much of a log's head a listing reads at most: enough for a long first line (Codex's instructions). */
export const HEAD_LIMIT_BYTES = 1024 * 1024;
/** How much of a log's tail a listing reads for its last totals. */
export const TAIL_LIMIT_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** What {@link scanHead} saw. */
export interface HeadScan {
  /** Whether the whole file was read, so counts taken over the lines are exact. */
  complete: boolean;
}

/**
 * Reads a file's lines from the start, in chunks, and hands each complete
 * line to `visit` until it returns `false`, the file ends, or `limit` bytes
 * were read. Only the chunks needed are read, never the whole of a large file.
 */
export async function scanHead(path: string, visit: (line: string) => boolean, limit = HEAD_LIMIT_BYTES): Promise<HeadScan> {
  const file = await open(path, 'r');
  try {
    return await scanOpen(file, visit, limit);
  } finally {
    await file.close();
  }
}

async function scanOpen(file: FileHandle, visit: (line: string) => boolean, limit: number): Promise<HeadScan> {
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let pending = '';
  let position = 0;
  while (position < limit) {
    const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) {
      const last = pending + decoder.end();
      if (last.trim() !== '') visit(last);
      return { complete: true };
    }
    position += bytesRead;
    pending += decoder.write(buffer.subarray(0, bytesRead));
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '' && !visit(line)) return { complete: false };
      newline = pending.indexOf('\n');
    }
  }
  return { complete: false };
}

/**
 * The complete lines in the last `limit` bytes of a file, oldest first. The
 * first, probably cut line is dropped unless the read reached the file's start.
 */
export async function readTailLines(path: string, size: number, limit = TAIL_LIMIT_BYTES): Promise<string[]> {
  const start = Math.max(0, size - limit);
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size - start);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
    const lines = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
    if (start > 0) lines.shift();
    return lines.filter((line) => line.trim() !== '');
  } finally {
    await file.close();
  }
}

/** The entries of a folder, or none when it does not exist or cannot be read. */
export async function listDir(path: string): Promise<{ name: string; isDirectory: boolean; isFile: boolean }[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory(), isFile: entry.isFile() }));
  } catch {
    return [];
  }
}

/** A line parsed as a JSON object, or `undefined` for anything else. */
export function parseRecord(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return asRecord(value);
  } catch {
    return undefined;
  }
}

/** The value when it is a plain object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The value when it is a non-empty string. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a finite number. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A field path read safely: `field(obj, 'a', 'b')` is `obj.a.b` or `undefined`. */
export function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    const record = asRecord(current);
    if (record === undefined) return undefined;
    current = record[key];
  }
  return current;
}

/** A prompt or title cut to one line of at most 200 characters. */
export function oneLine(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** An epoch-milliseconds number or a date string as ISO 8601, or `undefined` when it is no date. */
export function toIso(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
