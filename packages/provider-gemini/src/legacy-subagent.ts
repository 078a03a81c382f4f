import { arrayField, compactKey, isJsonObject, keptWhole, ownField, stringField } from '@x/core/provider-utils';
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
 * What the search for the subagents' tasks may read in one document: its
 * messages' typed text SEARCH_FACTOR times over (at least SEARCH_FLOOR
 * characters). Each subagent call looks back from its message for its task;
 * a document of many calls whose tasks match nothing would be read back to
 * its start once per call, which grows with the square of its size, and the
 * document reader is linear in its input (SECURITY.md). Past the budget the
 * later calls nest nothing, which shows their messages as before quirk 15.
 */
const SEARCH_FACTOR = 8;
const SEARCH_FLOOR = 1 << 20;

/** The document's messages as the search reads them: each one's type, and a typed user message's text. */
interface SearchState {
  types: (string | undefined)[];
  texts: (string | undefined)[];
  /** Characters the search may still compare. */
  budget: number;
}

function searchState(messages: readonly unknown[]): SearchState {
  const types = messages.map((message) => stringField(message, 'type'));
  const texts = messages.map((message, at) => {
    if (types[at] !== 'user') return undefined;
    const user = userRecordText(message);
    return user.kind === 'typed' ? user.text : undefined;
  });
  const total = texts.reduce((sum, text) => sum + (text?.length ?? 0), 0);
  return { types, texts, budget: Math.max(SEARCH_FLOOR, SEARCH_FACTOR * total) };
}

/**
 * Where the subagent's messages start: the nearest `user` message before the
 * carrier (at `end`) that restates every input of the call, with a reply of
 * the subagent's between them. A call with no such message (the main prompt
 * quoted by the call, with no reply between), or one past the search's
 * budget, marks nothing.
 */
function taskStart(search: SearchState, end: number, inputs: readonly string[], floor: number): number | undefined {
  let reply = false;
  for (let at = end - 1; at >= floor; at -= 1) {
    const type = search.types[at];
    const text = search.texts[at];
    // Each message looked at costs a step, and each comparison the characters it may read.
    search.budget -= 1 + (text === undefined ? 0 : text.length * inputs.length);
    if (search.budget < 0) return undefined;
    if (type === 'gemini') reply = true;
    if (text !== undefined && inputs.every((input) => text.includes(input))) return reply ? at : undefined;
  }
  return undefined;
}

/** The id of a subagent call that its messages may be nested under: none longer than a real one (core's `keptWhole`). */
function parentOf(call: unknown): string | undefined {
  return keptWhole(stringField(call, 'id'));
}

/** Marks a message as the subagent's, by the compact key of its id, unless an earlier call claimed it. */
function mark(found: Map<string, SubagentMessage>, message: unknown, subagent: SubagentMessage): void {
  const id = stringField(message, 'id');
  const key = id === undefined ? undefined : compactKey(id);
  if (key !== undefined && !found.has(key)) found.set(key, subagent);
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
 * reply that carries the call. The map is kept for the rest of the stream,
 * so it is bounded by bytes (docs/memory.md): its keys are the compact keys
 * of the message ids, and a call whose id is past 256 characters nests nothing.
 */
export function legacySubagentMessages(messages: readonly unknown[]): Map<string, SubagentMessage> {
  const found = new Map<string, SubagentMessage>();
  const search = searchState(messages);
  let floor = 0;
  messages.forEach((message, end) => {
    const from = floor;
    for (const call of subagentCalls(message)) {
      const parent = parentOf(call);
      const inputs = taskInputs(call);
      const start = parent === undefined || inputs.length === 0 ? undefined : taskStart(search, end, inputs, from);
      if (parent === undefined || start === undefined) continue;
      for (let at = start; at <= end; at += 1) mark(found, messages[at], { parent, carrier: at === end });
      // A later subagent's messages come after this carrier.
      floor = end + 1;
    }
  });
  return found;
}
