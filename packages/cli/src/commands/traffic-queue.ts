/**
 * The JSON-RPC messages of a live ACP connection as the byte stream a run
 * reads: one message per line, in the order this process saw them, both
 * directions. Writers push; one reader iterates. An explicit state object:
 * the lines not read yet, the reader waiting for one, and whether the
 * connection ended.
 */
export interface TrafficQueue {
  push(message: unknown): void;
  end(): void;
  lines(): AsyncIterable<Uint8Array>;
}

interface QueueState {
  pending: Uint8Array[];
  wake: (() => void) | undefined;
  ended: boolean;
}

/** A fresh {@link TrafficQueue}; `onLine` sees each line as it is queued, with the message it holds (the `--record` file). */
export function createTrafficQueue(onLine: (line: string, message: unknown) => void): TrafficQueue {
  const state: QueueState = { pending: [], wake: undefined, ended: false };
  const encoder = new TextEncoder();
  const notify = () => {
    const wake = state.wake;
    state.wake = undefined;
    wake?.();
  };
  return {
    push(message) {
      if (state.ended) return;
      const line = `${JSON.stringify(message)}\n`;
      onLine(line, message);
      state.pending.push(encoder.encode(line));
      notify();
    },
    end() {
      state.ended = true;
      notify();
    },
    async *lines() {
      for (;;) {
        const next = state.pending.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (state.ended) return;
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
      }
    },
  };
}
