import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { redactSecrets } from '@x/sessions';
import { type Manifest, type SessionRecord, saveManifest } from './manifest.js';
import { bufferGroups, PostingsBuffer } from './postings-buffer.js';
import { rankEvents } from './query.js';
import { SegmentReader } from './segment-reader.js';
import { encodeGroups, writeSegment } from './segment-writer.js';
import { termPostings, withSnippets } from './search-run.js';
import { TextStoreWriter } from './text-store.js';
import { searchUnits } from './search-units.js';
import { createFactsState, finishFacts, tapFacts, type SessionFacts } from './session-facts.js';
import { uniqueTerms } from './tokenize.js';
import type { IndexedSession, IndexProgress, SearchHit, SearchIndex, SearchOptions, UpdateOptions, UpdateResult } from './types.js';

/** Estimated bytes of postings held in memory before they are written as a segment. */
export const BUFFER_BUDGET = 16 * 1024 * 1024;
/** Terms of a query beyond this many are ignored: each costs a lookup in every segment. */
const MAX_QUERY_TERMS = 16;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

/** Segment files in the index directory: `seg-<n>.post`, `.terms`, `.tix`. */
const SEGMENT_FILE = /^(seg-\d+)\.(?:post|terms|tix|text|units|uix)$/;
const SEGMENT_EXTENSIONS = ['post', 'terms', 'tix', 'text', 'units', 'uix'];

/**
 * The index's state: what the manifest says, the open segments, and the
 * buffer of sessions read since the last segment. Searches read the written
 * segments only: a session is found once the segment holding it is written
 * (every {@link BUFFER_BUDGET} bytes while an update runs, and at its end).
 */
export class DiskIndex implements SearchIndex {
  private readonly live = new Map<string, SessionRecord>();
  private readonly byOrdinal = new Map<number, IndexedSession>();
  private readonly readers = new Map<string, SegmentReader>();
  private buffer = new PostingsBuffer();
  /** The texts of the buffer's sessions, written as they are read, into the segment the buffer becomes. */
  private texts: TextStoreWriter | undefined;
  /** Ordinals with postings in the buffer, the one being read included. */
  private bufferOrdinals: number[] = [];
  private status: IndexProgress = { total: 0, done: 0, indexing: false };
  /** Updates run one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Searches running now, and segments dropped meanwhile: closed and deleted when none runs. */
  private searching = 0;
  private retired: SegmentReader[] = [];

  constructor(
    private readonly dir: string,
    private readonly redact: boolean,
    private readonly readEvents: (session: IndexedSession) => AsyncIterable<DisplayEvent>,
    private readonly manifest: Manifest,
  ) {
    for (const record of manifest.sessions) {
      this.live.set(record.session.id, record);
      this.byOrdinal.set(record.ordinal, record.session);
    }
  }

  /** Opens the manifest's segments and deletes segment files it does not list (a crash's leftovers, an index rebuilt). */
  async open(): Promise<void> {
    const listed = new Set(this.manifest.segments.map((s) => s.name));
    for (const file of await readdir(this.dir)) {
      const stem = SEGMENT_FILE.exec(file)?.[1];
      if (stem !== undefined && !listed.has(stem)) await rm(join(this.dir, file), { force: true });
    }
    for (const segment of this.manifest.segments) this.readers.set(segment.name, await SegmentReader.open(this.dir, segment.name));
  }

  update(sessions: readonly IndexedSession[], options: UpdateOptions = {}): Promise<UpdateResult> {
    const run = this.queue.then(() => this.runUpdate(sessions, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  progress(): IndexProgress {
    return { ...this.status };
  }

  async close(): Promise<void> {
    await this.queue;
    await Promise.all([...this.readers.values(), ...this.retired].map((r) => r.close()));
    this.readers.clear();
    this.retired = [];
  }

  facts(session: IndexedSession): SessionFacts | undefined {
    const record = this.live.get(session.id);
    return record === undefined || isChanged(record, session) ? undefined : record.facts;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const terms = uniqueTerms(query).slice(0, MAX_QUERY_TERMS);
    if (terms.length === 0) return [];
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)));
    this.searching++;
    try {
      const segments = [...this.readers.values()];
      const postings = await Promise.all(terms.map((term) => termPostings(term, segments)));
      const total = this.manifest.segments.reduce((sum, s) => sum + s.entries, 0);
      const accept = (ordinal: number) => {
        const session = this.byOrdinal.get(ordinal);
        return session !== undefined && (options.agent === undefined || session.agent === options.agent);
      };
      const ranked = await rankEvents(postings, total, accept, limit);
      return await withSnippets(ranked, this.byOrdinal, segments, new Set(terms));
    } finally {
      this.searching--;
      await this.closeRetired();
    }
  }

  private async runUpdate(sessions: readonly IndexedSession[], options: UpdateOptions): Promise<UpdateResult> {
    const wanted = new Map(sessions.map((s) => [s.id, s]));
    let removed = 0;
    for (const [id, record] of this.live)
      if (!wanted.has(id)) {
        this.live.delete(id);
        this.byOrdinal.delete(record.ordinal);
        removed++;
      }
    const toRead = [...wanted.values()].filter((s) => isChanged(this.live.get(s.id), s));
    this.status = { total: toRead.length, done: 0, indexing: true };
    try {
      for (const session of toRead) {
        if (options.signal?.aborted) break;
        await this.readSession(session);
        this.status.done++;
        options.onProgress?.(this.progress());
      }
      await this.flush();
      await this.dropDeadSegments();
      await saveManifest(this.dir, this.snapshot());
    } finally {
      this.status.indexing = false;
    }
    options.signal?.throwIfAborted();
    return { read: this.status.done, skipped: wanted.size - toRead.length, removed };
  }

  /** Reads one session into the buffer (writing segments as the buffer fills), then makes it the live version of its id. */
  private async readSession(session: IndexedSession): Promise<void> {
    const ordinal = this.manifest.nextOrdinal++;
    let texts = await this.startSession(ordinal);
    const facts = createFactsState();
    try {
      for await (const unit of searchUnits(tapFacts(this.readEvents(session), facts), this.redact)) {
        this.buffer.addEvent(unit.eventIndex, unit.fields);
        for (const field of unit.fields) texts.add(ordinal, unit.eventIndex, field.code, field.text);
        await texts.drain();
        if (this.buffer.bytes + texts.bytes > BUFFER_BUDGET) {
          await this.flush();
          texts = await this.startSession(ordinal);
        }
      }
    } catch {
      // A log that breaks off is indexed up to the break, and read again when it changes.
    }
    const previous = this.live.get(session.id);
    if (previous) this.byOrdinal.delete(previous.ordinal);
    const stored = this.redact ? redactSession(session) : session;
    this.live.set(session.id, { ordinal, session: stored, facts: finishFacts(facts) });
    this.byOrdinal.set(ordinal, stored);
  }

  /** Starts a session's entries in the buffer, and the buffer's segment's text file when it has none yet. */
  private async startSession(ordinal: number): Promise<TextStoreWriter> {
    this.texts ??= await TextStoreWriter.create(this.dir, `seg-${this.manifest.nextSegment}`);
    this.buffer.startSession(ordinal);
    this.bufferOrdinals.push(ordinal);
    return this.texts;
  }

  /** Writes the buffer as a segment and starts an empty one; the manifest lists the segment once it is whole. */
  private async flush(): Promise<void> {
    if (this.bufferOrdinals.length === 0 || this.texts === undefined) return;
    const buffer = this.buffer;
    const name = `seg-${this.manifest.nextSegment++}`;
    const textBytes = await this.texts.finish();
    this.texts = undefined;
    const sortedTerms = [...buffer.terms.keys()].sort();
    const written = await writeSegment(this.dir, name, {
      sortedTerms,
      encode: (term, out) => encodeGroups(bufferGroups(buffer.terms.get(term)?.list ?? []), out),
    });
    this.readers.set(name, await SegmentReader.open(this.dir, name));
    this.manifest.segments.push({ name, bytes: written.bytes + textBytes, entries: written.entries, ordinals: [...new Set(this.bufferOrdinals)] });
    this.buffer = new PostingsBuffer();
    this.bufferOrdinals = [];
    await saveManifest(this.dir, this.snapshot());
  }

  /** Drops the segments none of whose sessions is live any more. */
  private async dropDeadSegments(): Promise<void> {
    const dead = this.manifest.segments.filter((s) => !s.ordinals.some((o) => this.byOrdinal.has(o)));
    if (dead.length === 0) return;
    this.manifest.segments = this.manifest.segments.filter((s) => !dead.includes(s));
    for (const segment of dead) {
      const reader = this.readers.get(segment.name);
      this.readers.delete(segment.name);
      if (reader) this.retired.push(reader);
    }
    await saveManifest(this.dir, this.snapshot());
    await this.closeRetired();
  }

  private async closeRetired(): Promise<void> {
    if (this.searching > 0 || this.retired.length === 0) return;
    const retired = this.retired;
    this.retired = [];
    for (const reader of retired) {
      await reader.close();
      for (const ext of SEGMENT_EXTENSIONS) await rm(join(this.dir, `${reader.name}.${ext}`), { force: true });
    }
  }

  /** The manifest as it stands: only sessions whose postings are all in written segments. */
  private snapshot(): Manifest {
    const pending = new Set(this.bufferOrdinals);
    this.manifest.sessions = [...this.live.values()].filter((r) => !pending.has(r.ordinal));
    return this.manifest;
  }
}

function isChanged(record: SessionRecord | undefined, session: IndexedSession): boolean {
  return record === undefined || record.session.size !== session.size || record.session.mtimeMs !== session.mtimeMs || record.session.path !== session.path;
}

function redactSession(session: IndexedSession): IndexedSession {
  const { title, project } = session;
  return { ...session, ...(title === undefined ? {} : { title: redactSecrets(title) }), ...(project === undefined ? {} : { project: redactSecrets(project) }) };
}
