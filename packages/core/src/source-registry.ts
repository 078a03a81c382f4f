import type { DisplayEventSource } from './source.js';
import { defineSource } from './source.js';

/** The answer of {@link SourceRegistry.detect}. */
export type DetectionResult =
  | { status: 'detected'; source: DisplayEventSource; confidence: number; evidence: string }
  | { status: 'unknown'; reason: string; sample: string[] };

/** A set of sources: register, look up by id, list, and detect. */
export interface SourceRegistry {
  register(source: DisplayEventSource): void;
  get(id: string): DisplayEventSource | undefined;
  list(): DisplayEventSource[];
  /** Finds the source whose format the first lines of a stream look like. */
  detect(lines: readonly string[]): DetectionResult;
}

/** How many leading non-blank lines `detect` looks at. */
export const DETECT_SAMPLE_LINES = 20;

function safeDetect(source: DisplayEventSource, lines: readonly string[]): { confidence: number; evidence: string } {
  try {
    const result = source.detect(lines);
    const confidence = Number.isFinite(result?.confidence) ? Math.min(1, Math.max(0, result.confidence)) : 0;
    return { confidence, evidence: typeof result?.evidence === 'string' ? result.evidence : '' };
  } catch {
    return { confidence: 0, evidence: '' };
  }
}

/**
 * Creates a registry, optionally with sources. Registering an id twice throws,
 * so two plugins cannot silently shadow each other.
 */
export function createSourceRegistry(sources: Iterable<DisplayEventSource> = []): SourceRegistry {
  const byId = new Map<string, DisplayEventSource>();
  const registry: SourceRegistry = {
    register(source) {
      const checked = defineSource(source);
      if (byId.has(checked.id)) {
        throw new TypeError(`A source with id "${checked.id}" is already registered; each id may be registered once.`);
      }
      byId.set(checked.id, checked);
    },
    get: (id) => byId.get(id),
    list: () => [...byId.values()],
    detect(lines) {
      const sample = lines.filter((line) => line.trim() !== '').slice(0, DETECT_SAMPLE_LINES);
      if (sample.length === 0) return { status: 'unknown', reason: 'the stream has no non-blank lines', sample };
      let best: { source: DisplayEventSource; confidence: number; evidence: string } | undefined;
      for (const source of byId.values()) {
        const { confidence, evidence } = safeDetect(source, sample);
        if (confidence > 0 && (best === undefined || confidence > best.confidence)) best = { source, confidence, evidence };
      }
      if (best === undefined) {
        const ids = [...byId.keys()].join(', ') || 'none registered';
        return { status: 'unknown', reason: `no registered source (${ids}) recognised the first ${sample.length} lines`, sample };
      }
      return { status: 'detected', source: best.source, confidence: best.confidence, evidence: best.evidence };
    },
  };
  for (const source of sources) registry.register(source);
  return registry;
}
