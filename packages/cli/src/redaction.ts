import type { RunAggregator } from '@x/core';
import { createRedactingStream, redactSecrets, redactValue, redactingRenderer } from '@x/sessions';
import type { Redaction } from './session.js';

/**
 * An aggregate folded from the events redacted, as the renderer is written
 * them. Redacting the outcome afterwards is not enough: a tool call's cut
 * preview (`--summary`'s calls, the warnings quoting one) can hold the first
 * part of a secret too short for its rule, which only the redacting stream,
 * seeing the call's input, takes out.
 */
function redactingAggregator(folded: RunAggregator): RunAggregator {
  const redacting = createRedactingStream();
  const fold = (events: readonly Parameters<RunAggregator['push']>[0][]) => {
    for (const event of events) folded.push(event);
  };
  return {
    push: (event) => fold(redacting.write(event)),
    diagnose: (diagnostic) => folded.diagnose(diagnostic),
    get turns() {
      return folded.turns;
    },
    outcome: (accounting) => {
      // The text still held back is the end of the run's last block: it belongs in the outcome's final message.
      fold(redacting.end());
      return folded.outcome(accounting);
    },
  };
}

/** What `--redact` does to a run (`xview --redact`, `xview show --redact`): @x/sessions' rules on every output. */
export const REDACTION: Redaction = { text: redactSecrets, value: redactValue, renderer: redactingRenderer, aggregator: redactingAggregator };
