import type { z } from 'zod';
import type { codeChangesSchema } from './wire-schema.js';

/** What only Copilot reports about a run, kept under `providerMetadata.copilot`. */
export interface CopilotRunFigures {
  /** Premium requests the run cost (fractional in practice: quirk 5). */
  premiumRequests?: number | undefined;
  /** Time spent waiting for the model API, in milliseconds. */
  totalApiDurationMs?: number | undefined;
  /** Lines added and removed, files modified. */
  codeChanges?: z.infer<typeof codeChangesSchema> | undefined;
}

/** The listed figures that are present, or `undefined` when none is. */
export function copilotMetadata(figures: CopilotRunFigures, keys: readonly (keyof CopilotRunFigures)[]): Record<string, unknown> | undefined {
  const metadata: Record<string, unknown> = {};
  for (const key of keys) {
    const value = figures[key];
    if (value !== undefined) metadata[key] = key === 'codeChanges' ? definedFields(value as object) : value;
  }
  return Object.keys(metadata).length === 0 ? undefined : metadata;
}

/** A copy without the fields a lenient schema left `undefined`. */
export function definedFields(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}
