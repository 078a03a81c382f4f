import { defineSource, type DisplayEventSource } from '@x/core';
import { detectQwen } from './detect.js';
import { createQwenParser } from './parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The Qwen Code source: `qwen -p … --output-format stream-json` (one JSON
 * message per line, streamed as Qwen Code works; `--include-partial-messages`
 * adds the text as it is generated). A fresh parser per stream keeps which
 * tool calls it has announced. `testedUpTo` is the newest version the capture
 * lab recorded.
 *
 * @example
 * ```ts
 * import { streamEvents } from '@x/core';
 * import { qwenSource } from 'x-provider-qwen';
 *
 * for await (const event of streamEvents(process.stdin, { source: qwenSource })) console.log(event.kind);
 * ```
 */
export const qwenSource: DisplayEventSource = defineSource({
  specificationVersion: 'v1',
  id: 'qwen',
  displayName: 'Qwen Code',
  cadence: 'streaming',
  testedUpTo: RECORDED_UP_TO,
  detect: detectQwen,
  createParser: createQwenParser,
});
