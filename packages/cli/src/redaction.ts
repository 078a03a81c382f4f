import { redactSecrets, redactValue, redactingRenderer } from '@x/sessions';
import type { Redaction } from './session.js';

/** What `--redact` does to a run (`xview --redact`, `xview show --redact`): @x/sessions' rules on every output. */
export const REDACTION: Redaction = { text: redactSecrets, value: redactValue, renderer: redactingRenderer };
