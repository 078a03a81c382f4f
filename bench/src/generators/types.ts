import type { Content } from '../content.js';
import type { Round } from './plan.js';

/** Writes one provider's wire format: lines exactly as the CLI prints them, without their LF. */
export interface WireWriter {
  /** The lines a stream opens with. */
  start(): string[];
  /** The lines of one round of work; `n` counts rounds from 0. */
  round(n: number): string[];
  /** The lines a stream closes with. */
  end(): string[];
}

/** A {@link WireWriter} of the synthetic streams, which writes a provider-neutral plan of each round (`planned` in plan.ts makes the plan). */
export interface PlannedWriter {
  start(): string[];
  round(round: Round, n: number): string[];
  end(): string[];
}

export interface StreamGenerator {
  /** The stream's name in tables: `claude`, `claude-partial`, ... */
  id: string;
  /** The `DisplayEventSource` id that reads it. */
  provider: string;
  /** What the stream is, for the report. */
  description: string;
  create(content: Content): WireWriter;
}
