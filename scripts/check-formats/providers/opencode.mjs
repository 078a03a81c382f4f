// OpenCode fixtures against @opencode-ai/sdk@1.19.3.
//
// Bus lines (SSE `data:` payloads or bare JSON events) are checked against the
// SDK's `Event` union: v2 (`@opencode-ai/sdk/v2`, what current servers and
// run.ts use) by default, v1 (`@opencode-ai/sdk`, the default export) for the
// `bus-v1-*` fixtures, and `GlobalEvent` for `/global/event` wrappers.
//
// `run --format json` has no published type: run.ts writes
// `JSON.stringify({ type, timestamp: Date.now(), sessionID, ...data })` where
// `data` is `{ part }` for a selected SDK part, `{ error }` for a session error
// and `{ reason, rejected }` for the final `done`. The generated file spells
// that out as `RunJsonEvent`, built from the SDK's own `Part` member types, so
// every run-json line is checked field by field against the SDK parts.

export const packages = ['@opencode-ai/sdk@1.19.3'];

export const exceptions = [
  'server.heartbeat (a bus keep-alive the server sends but the SDK Event union lacks; widened as { id?, type: "server.heartbeat", properties })',
];

// Lines of the *-unknown-and-malformed fixtures that are deliberately not OpenCode's types
// (non-JSON lines are recognised and skipped on their own).
const DELIBERATE = {
  'run-unknown-and-malformed': {
    2: 'unknown future type step_progress',
    7: 'text line without its part',
    8: 'a JSON array, not an event',
    12: 'hostile __proto__ key (a TypeScript literal would set the prototype)',
  },
  'bus-unknown-and-malformed': {
    14: 'unknown event type sandbox.snapshot.created',
    20: 'a JSON array, not an event',
    30: 'hostile __proto__ key (a TypeScript literal would set the prototype)',
  },
};

const PRELUDE = `import type {
  AssistantMessage,
  Event,
  GlobalEvent,
  ReasoningPart,
  StepFinishPart,
  StepStartPart,
  TextPart,
  ToolPart,
} from '@opencode-ai/sdk/v2';
import type { Event as EventV1 } from '@opencode-ai/sdk';

// run.ts: emit(type, data) writes { type, timestamp: Date.now(), sessionID, ...data }.
type SessionError = NonNullable<AssistantMessage['error']>;
type RunBase = { timestamp: number; sessionID: string };
type RunJsonEvent =
  | (RunBase & { type: 'step_start'; part: StepStartPart })
  | (RunBase & { type: 'text'; part: TextPart })
  | (RunBase & { type: 'reasoning'; part: ReasoningPart })
  | (RunBase & { type: 'tool_use'; part: ToolPart })
  | (RunBase & { type: 'step_finish'; part: StepFinishPart })
  | (RunBase & { type: 'error'; error: SessionError })
  | (RunBase & { type: 'done'; reason: 'idle'; rejected: string[] });

// Exception: server.heartbeat is sent on /event but is not a member of Event.
type ServerHeartbeat = { id?: string; type: 'server.heartbeat'; properties: { [key: string]: unknown } };
type BusEvent = Event | ServerHeartbeat;
type BusEventV1 = EventV1 | Omit<ServerHeartbeat, 'id'>;
`;

function payloadOf(text) {
  if (text.startsWith('data:')) return { json: text.slice(text.charCodeAt(5) === 32 ? 6 : 5) };
  if (text.startsWith(':')) return { skip: 'SSE comment' };
  if (/^(event|id|retry)(:|$)/.test(text)) return { skip: 'SSE field' };
  return { json: text };
}

function typeOf(scenario, value) {
  if (value !== null && typeof value === 'object' && !('type' in value) && 'payload' in value) return 'GlobalEvent';
  const type = typeof value?.type === 'string' ? value.type : '';
  if ('properties' in value || type.includes('.')) return scenario.startsWith('bus-v1') ? 'BusEventV1' : 'BusEvent';
  return 'RunJsonEvent';
}

export function generate(fixtures) {
  const out = [PRELUDE];
  for (const fixture of fixtures) {
    out.push(`\n// ${fixture.file}`);
    const deliberate = DELIBERATE[fixture.scenario] ?? {};
    for (const line of fixture.lines) {
      const name = `${fixture.scenario.replace(/[^A-Za-z0-9]/g, '_')}_${line.number}`;
      const framed = payloadOf(line.text);
      if (framed.skip) {
        out.push(`// line ${line.number}: ${framed.skip}, not an event`);
        continue;
      }
      if (deliberate[line.number]) {
        out.push(`// line ${line.number}: deliberately off-type (${deliberate[line.number]}), not checked`);
        continue;
      }
      let value;
      try {
        value = JSON.parse(framed.json);
      } catch {
        out.push(`// line ${line.number}: not JSON (deliberately malformed), not checked`);
        continue;
      }
      out.push(`export const ${name}: ${typeOf(fixture.scenario, value)} = ${JSON.stringify(value)};`);
    }
  }
  return out.join('\n') + '\n';
}
