import * as z from 'zod';

/**
 * Has zod check values without generating code of its own (`jitless`):
 * for a run that reads little (run-size.ts). It applies to the schemas built
 * after it, so main.ts calls it before any provider is loaded; it is set in
 * xview's own process only, never by the library, whose users' zod it would
 * change too.
 */
export function parseWithoutGeneratedCode(): void {
  z.config({ jitless: true });
}
