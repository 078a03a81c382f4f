import { defineSource, type DisplayEventSource } from '@x/core';
import { detectGoose } from './detect.js';
import { createGooseParser } from './parser.js';

/**
 * The goose source: `goose run --output-format stream-json` (one JSON event
 * per line, streamed as goose works). A fresh parser per stream keeps which
 * tool calls it has announced.
 *
 * @example
 * ```ts
 * import { streamEvents } from '@x/core';
 * import { gooseSource } from 'x-provider-goose';
 *
 * for await (const event of streamEvents(process.stdin, { source: gooseSource })) console.log(event.kind);
 * ```
 */
export const gooseSource: DisplayEventSource = defineSource({
  specificationVersion: 'v1',
  id: 'goose',
  displayName: 'Goose',
  cadence: 'streaming',
  detect: detectGoose,
  createParser: createGooseParser,
});
