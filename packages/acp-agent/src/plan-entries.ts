import type { PlanEntry } from '@agentclientprotocol/sdk/unstable';

type Status = PlanEntry['status'];

/** At most this many entries are sent from one list: a plan is for a person to read, and the input may be hostile. */
export const MAX_PLAN_ENTRIES = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function firstText(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = own(record, key);
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Each agent's words for an item's state, onto ACP's three. */
function statusOf(item: Record<string, unknown>): Status {
  if (own(item, 'completed') === true) return 'completed';
  const status = own(item, 'status');
  if (status === 'completed' || status === 'done') return 'completed';
  if (status === 'in_progress' || status === 'in-progress') return 'in_progress';
  return 'pending';
}

function priorityOf(item: Record<string, unknown>): PlanEntry['priority'] {
  const priority = own(item, 'priority');
  return priority === 'high' || priority === 'low' ? priority : 'medium';
}

/** An item of a todo list under the field names the agents use: Claude and OpenCode `content`, Gemini `description`, Codex `text` and `step`. */
function entryOf(item: unknown): PlanEntry | undefined {
  if (typeof item === 'string') return item.trim() === '' ? undefined : { content: item, priority: 'medium', status: 'pending' };
  if (!isRecord(item)) return undefined;
  const content = firstText(item, ['content', 'description', 'text', 'step', 'title']);
  return content === undefined ? undefined : { content, priority: priorityOf(item), status: statusOf(item) };
}

/** Copilot's `update_todo` sends a Markdown checklist (`- [ ] item`, `- [x] done`). */
function checklistEntries(text: string): PlanEntry[] {
  const entries: PlanEntry[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*[-*]\s+\[([ xX~-])\]\s+(.+)$/.exec(line);
    if (match === null) continue;
    const mark = match[1] ?? ' ';
    const status: Status = mark === 'x' || mark === 'X' ? 'completed' : mark === ' ' ? 'pending' : 'in_progress';
    entries.push({ content: (match[2] ?? '').trim(), priority: 'medium', status });
  }
  return entries;
}

/**
 * The plan a todo tool's input describes, or `undefined` when it holds no
 * list: `todos` (Claude `TodoWrite`, Gemini `write_todos`, OpenCode
 * `todowrite`, Copilot's checklist string), `plan` (Codex `update_plan`) or
 * `items` (Codex `todo_list`).
 */
export function planEntriesOf(input: unknown): PlanEntry[] | undefined {
  if (!isRecord(input)) return undefined;
  const list = own(input, 'todos') ?? own(input, 'plan') ?? own(input, 'items');
  if (typeof list === 'string') return checklistEntries(list).slice(0, MAX_PLAN_ENTRIES);
  if (!Array.isArray(list)) return undefined;
  const entries: PlanEntry[] = [];
  for (const item of list.slice(0, MAX_PLAN_ENTRIES)) {
    const entry = entryOf(item);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}
