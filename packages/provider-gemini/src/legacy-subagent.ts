import { arrayField, isJsonObject, ownField, stringField } from '@x/core/provider-utils';
import { GEMINI_TOOL_ALIASES } from './tool-names.js';
import { userRecordText } from './user-record.js';

/**
 * Where a message of a ≤0.38 JSON document belongs when a subagent recorded
 * into the main session (0.20 and 0.26, quirk 15): to the subagent the call `parent`
 * started. `carrier` marks the subagent's last reply, to which the CLI
 * attached the main model's calls: its text is the subagent's, its tool
 * calls the main session's.
 */
export interface SubagentMessage {
  parent: string;
  carrier: boolean;
}

/** The string inputs of a subagent call that its task restates (`objective`, `prompt`), not the agent's name. */
function taskInputs(call: unknown): string[] {
  const args = ownField(call, 'args');
  if (!isJsonObject(args)) return [];
  return Object.entries(args).flatMap(([key, value]) => (key !== 'agent_name' && typeof value === 'string' && value.trim() !== '' ? [value.trim()] : []));
}

/**
 * Where the subagent's messages start: the nearest `user` message before the
 * carrier (at `end`) that restates every input of the call, with a reply of
 * the subagent's between them. A call with no such message (the main prompt
 * quoted by the call, with no reply between) marks nothing.
 */
function taskStart(messages: readonly unknown[], end: number, inputs: readonly string[], floor: number): number | undefined {
  let reply = false;
  for (let at = end - 1; at >= floor; at -= 1) {
    const message = messages[at];
    const type = stringField(message, 'type');
    if (type === 'gemini') reply = true;
    if (type !== 'user') continue;
    const user = userRecordText(message);
    if (user.kind === 'typed' && inputs.every((input) => user.text.includes(input))) return reply ? at : undefined;
  }
  return undefined;
}

/** The subagent calls (`Task` by name) among a `gemini` message's tool calls. */
function subagentCalls(message: unknown): unknown[] {
  if (stringField(message, 'type') !== 'gemini') return [];
  return (arrayField(message, 'toolCalls') ?? []).filter((call) => GEMINI_TOOL_ALIASES.get(stringField(call, 'name') ?? '') === 'Task');
}

/**
 * The messages of a ≤0.38 document that a subagent wrote into it, by id. In
 * 0.20 and 0.26 the subagent records into the main session: its task, its replies
 * and the CLI's reminders to it are messages of the document, and the
 * subagent call is attached to its last reply
 * (fixtures/gemini-log/recorded/0.26.0/subagent/, 0.20.0/subagent/). Read whole, the document
 * tells them apart: from the task that restates the call's inputs to the
 * reply that carries the call.
 */
export function legacySubagentMessages(messages: readonly unknown[]): Map<string, SubagentMessage> {
  const found = new Map<string, SubagentMessage>();
  let floor = 0;
  messages.forEach((message, end) => {
    const from = floor;
    for (const call of subagentCalls(message)) {
      const parent = stringField(call, 'id');
      const inputs = taskInputs(call);
      const start = parent === undefined || inputs.length === 0 ? undefined : taskStart(messages, end, inputs, from);
      if (parent === undefined || start === undefined) continue;
      for (let at = start; at <= end; at += 1) {
        const id = stringField(messages[at], 'id');
        if (id !== undefined && !found.has(id)) found.set(id, { parent, carrier: at === end });
      }
      // A later subagent's messages come after this carrier.
      floor = end + 1;
    }
  });
  return found;
}
