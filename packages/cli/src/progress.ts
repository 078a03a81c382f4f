import type { CliInput } from './input.js';
import type { CliStream } from './output.js';

const PROGRESS_MIN_BYTES = 1024 * 1024;
const PROGRESS_INTERVAL_MS = 200;

/** Shows bytes read against the total on a terminal's standard error, for large files. */
export function createProgress(stderr: CliStream, inputs: readonly CliInput[]) {
  const total = inputs.reduce((sum, input) => sum + (input.size ?? 0), 0);
  const enabled = stderr.isTTY === true && inputs.every((input) => input.size !== undefined) && total >= PROGRESS_MIN_BYTES;
  let read = 0;
  let last = 0;
  let drawn = false;
  const draw = () => {
    const ratio = Math.min(1, read / total);
    const filled = Math.round(ratio * 30);
    drawn = true;
    stderr.write(`\rxview: writing HTML [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${(read / 1048576).toFixed(1)}/${(total / 1048576).toFixed(1)} MiB`);
  };
  return {
    count(stream: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
      if (!enabled) return stream;
      return (async function* counted() {
        for await (const chunk of stream) {
          read += chunk.length;
          const now = Date.now();
          if (now - last >= PROGRESS_INTERVAL_MS) {
            last = now;
            draw();
          }
          yield chunk;
        }
      })();
    },
    done() {
      if (drawn) stderr.write('\r\u001b[2K');
      drawn = false;
    },
  };
}
