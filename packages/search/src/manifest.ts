import { join } from 'node:path';
import { sessionStatusSchema } from '@x/core';
import { makeFolders, readRegularFile, writeFileAtomic } from '@x/sessions';
import type { SessionFacts } from './session-facts.js';
import type { IndexedSession } from './types.js';

/** The manifest's format; an index of another version is rebuilt. */
export const MANIFEST_VERSION = 2;

/** A written segment: its files' stem, their bytes, and the session ordinals whose postings it holds. */
export interface SegmentRecord {
  name: string;
  bytes: number;
  /** Postings entries (event fields) it holds, for the terms' weights. */
  entries: number;
  ordinals: number[];
}

/** An indexed session and the ordinal its postings carry. */
export interface SessionRecord {
  ordinal: number;
  session: IndexedSession;
  /** What the read noted of it (version 2 on). */
  facts: SessionFacts;
}

/**
 * What the index holds, written after every segment (to a temporary file,
 * then renamed over the old one, so a reader or a crash sees one or the
 * other): a session is indexed when it is here, and only segments listed
 * here are read.
 */
export interface Manifest {
  version: number;
  /** Whether texts were redacted before indexing; an index opened with the other setting is rebuilt. */
  redact: boolean;
  nextOrdinal: number;
  nextSegment: number;
  segments: SegmentRecord[];
  sessions: SessionRecord[];
}

const FILE = 'manifest.json';
/** A larger manifest is not read (the index is built again): 100,000 sessions take a few tens of MiB. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;
/**
 * The mode of every file the index writes: like its folders, this user's
 * alone, since they hold what the logs say. A folder given with `--cache-dir`
 * may be one that others can read.
 */
export const INDEX_FILE_MODE = 0o600;
/** The names {@link DiskIndex} gives its segments. */
const SEGMENT_NAME = /^seg-\d+$/;

export function emptyManifest(redact: boolean): Manifest {
  return { version: MANIFEST_VERSION, redact, nextOrdinal: 0, nextSegment: 0, segments: [], sessions: [] };
}

/** The manifest in `dir`, or an empty one when there is none, it is unreadable, or it was built with other settings. */
export async function loadManifest(dir: string, redact: boolean): Promise<Manifest> {
  // The index holds what the logs say (prompts, output): a folder it makes is opened by this user only.
  await makeFolders(dir, { mode: 0o700 });
  let text: string;
  try {
    // A FIFO in its place would hold `xview serve` before it listens: only a regular file is read.
    text = await readRegularFile(join(dir, FILE), MAX_MANIFEST_BYTES);
  } catch {
    return emptyManifest(redact);
  }
  try {
    const manifest = JSON.parse(text) as Manifest;
    const usable =
      manifest.version === MANIFEST_VERSION &&
      manifest.redact === redact &&
      Array.isArray(manifest.segments) &&
      Array.isArray(manifest.sessions) &&
      // A segment's name becomes file names in `dir`, opened and deleted: only the names the index gives.
      manifest.segments.every((segment) => SEGMENT_NAME.test(String(segment?.name)));
    if (!usable) return emptyManifest(redact);
    for (const record of manifest.sessions) record.facts = checkedFacts(record?.facts);
    return manifest;
  } catch {
    return emptyManifest(redact);
  }
}

/** The facts a record holds, each value of its type (a list escapes them, but a number it shows must be one): the manifest is a file. */
function checkedFacts(value: unknown): SessionFacts {
  const { status, durationMs, events } = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  const facts: SessionFacts = { events: count(events) ? events : 0 };
  const known = sessionStatusSchema.safeParse(status);
  if (known.success) facts.status = known.data;
  if (count(durationMs)) facts.durationMs = durationMs;
  return facts;
}

export async function saveManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(join(dir, FILE), JSON.stringify(manifest), { mode: INDEX_FILE_MODE });
}
