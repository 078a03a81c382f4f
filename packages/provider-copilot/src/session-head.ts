import { numberField, objectField, ownField, stringField, toOneLine } from '@x/core/provider-utils';
import { restatesTotals } from './log-events.js';

/** What the events of a Copilot session read so far tell a listing. */
export interface CopilotHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  firstPrompt?: string;
  prompts: number;
  /** Whether an event past the session start was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  tokens?: number;
  costUsd?: number;
  /** The CLI version `session.start` names, for the rule of `restatesTotals`. */
  copilotVersion?: string;
}

/** How long a listing's title or first prompt may be. */
export const TITLE_MAX_CHARS = 200;

/*
 * Copilot's `inputTokens` counts the cached tokens too, as core's usage
 * convention does and as the log source passes them on (log-events.ts): the
 * cache counts are a breakdown of the input, not more tokens.
 */
const USAGE_FIELDS = ['inputTokens', 'outputTokens'];

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

/**
 * Adds the per-model usage and cost of a `session.shutdown` event to the
 * head's, or, for a shutdown that restates the session's totals (the rule of
 * the log source, `restatesTotals`), takes them in place of the head's.
 */
export function addShutdown(head: CopilotHead, data: unknown): void {
  let tokens = 0;
  let cost = 0;
  for (const metrics of Object.values(objectField(data, 'modelMetrics') ?? {})) {
    const usage = objectField(metrics, 'usage');
    tokens += USAGE_FIELDS.reduce((sum, key) => sum + (numberField(usage, key) ?? 0), 0);
    cost += numberField(objectField(metrics, 'requests'), 'cost') ?? 0;
  }
  const base = restatesTotals({ accountingSnapshot: ownField(data, 'accountingSnapshot') }, head.copilotVersion) ? { tokens: 0, cost: 0 } : { tokens: head.tokens ?? 0, cost: head.costUsd ?? 0 };
  if (base.tokens + tokens > 0) head.tokens = base.tokens + tokens;
  if (base.cost + cost > 0) head.costUsd = base.cost + cost;
}

function visitStart(head: CopilotHead, event: Record<string, unknown>, data: unknown): void {
  const context = objectField(data, 'context');
  head.id ??= nonEmpty(stringField(data, 'sessionId'));
  head.startedAt ??= nonEmpty(stringField(data, 'startTime')) ?? nonEmpty(stringField(event, 'timestamp'));
  head.cwd ??= nonEmpty(stringField(context, 'cwd'));
  head.gitBranch ??= nonEmpty(stringField(context, 'branch'));
  head.copilotVersion ??= nonEmpty(stringField(data, 'copilotVersion'));
}

/** Folds one event into the head. */
export function visitCopilotEvent(head: CopilotHead, event: Record<string, unknown>): void {
  const data = ownField(event, 'data');
  const type = ownField(event, 'type');
  const content = stringField(data, 'content');
  if (type === 'session.start') visitStart(head, event, data);
  else if (type === 'user.message' && content !== undefined) {
    // As the log source: a user.message with content is a prompt (log-events.ts).
    head.prompts += 1;
    head.firstPrompt ??= nonEmpty(toOneLine(content, TITLE_MAX_CHARS));
  } else if (type === 'session.shutdown') addShutdown(head, data);
  else if (typeof type === 'string' && /^(assistant|tool|subagent)\./.test(type)) head.shown = true;
}

/** The top-level `key: value` scalars of a small YAML file (Copilot's workspace.yaml); nested keys are skipped. */
export function readYamlScalars(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    // The value is trimmed, not matched by `\s*(.*?)\s*$`: that tried the trailing spaces again after each of the
    // value's characters, so a line of many spaces took a time that grew with their number squared.
    const match = /^([A-Za-z_][\w-]*):([\s\S]*)$/.exec(line);
    const key = match?.[1];
    let value = match?.[2]?.trim() ?? '';
    // As before, a value that breaks its line (CR, U+2028, U+2029) is no scalar.
    if (key === undefined || value === '' || /[\r\u2028\u2029]/.test(value)) continue;
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}
