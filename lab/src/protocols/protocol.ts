import type { ServerResponse } from 'node:http';
import type { WireStep } from '../step.js';

/** What a protocol reads from a request of the agent's. */
export interface Conversation {
  /** The text of the first user message: tells a subagent's conversation from the main one. */
  firstUserText: string;
  /** How many answers of the model the request already carries: the index of the step to answer with. */
  priorAnswers: number;
  /**
   * The text of a user message that ends a request after the model's answers
   * (a new prompt, not a tool result), where the protocol reads it: a resumed
   * session's second prompt, or a side conversation that copies the main one
   * and asks something else (Qwen Code's memory extractor).
   */
  followUpText?: string;
  /** The text of the request's last user message: a summarisation request ends in the agent's own instruction to summarise. */
  lastUserText: string;
  /** The text of every message the request carries: a compacted conversation carries the summary the lab wrote. */
  text: string;
  /** The names of the tools the agent offers. */
  tools: string[];
  /** Whether the agent asked for a stream. */
  stream: boolean;
  model: string;
  /**
   * The conversation opens with a compaction scenario's summary (set by the
   * server, which knows the scenario): it is short, and a protocol that
   * reports usage says so.
   */
  summarised?: boolean;
}

/** One wire protocol of a model API, as the lab's server speaks it. */
export interface Protocol {
  name: string;
  /** Whether a request (method and URL) is a model call of this protocol. */
  isModelCall(method: string, url: string): boolean;
  read(body: unknown, url: string): Conversation;
  /** Writes `step` as this protocol's answer; `n` numbers the request, for ids. */
  answer(step: WireStep, conversation: Conversation, response: ServerResponse, n: number): Promise<void>;
}

/** Writes one server-sent event and lets the socket send it. */
export function sendEvent(response: ServerResponse, event: string | undefined, data: unknown): void {
  response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
}

/** Splits a text into two or three pieces, as a model streams it. */
export function pieces(text: string): string[] {
  if (text.length < 8) return [text];
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)];
}

/**
 * Splits a tool call's input, as JSON, into pieces cut only before a key and
 * between a key and its value, never inside a string: a path in the input
 * (the throwaway home, which a CLI echoes in its partial messages) then stays
 * whole in one piece, where the normalisation step (src/normalise.ts) can
 * replace it. Joined, the pieces are `JSON.stringify(input)`.
 */
export function jsonPieces(input: Record<string, unknown>): string[] {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return ['{}'];
  const out = entries.flatMap(([key, value], index) => [`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`, JSON.stringify(value)]);
  return [...out, '}'];
}

/** Holds a stalled stream open until the client goes away (or 15 seconds pass: a CLI that retries a stalled stream is not kept waiting for long). */
export function stall(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.end();
      resolve();
    }, 15_000);
    response.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The last item that `matches` (the lab's target has no `Array.prototype.findLast`). */
export function lastWhere<T>(items: readonly T[], matches: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index] as T;
    if (matches(item)) return item;
  }
  return undefined;
}

/** Reads a value's `text` fields, in order (a message's content as any of the protocols nests it). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('');
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.text === 'string') return record.text;
    return textOf(record.content ?? record.parts ?? '');
  }
  return '';
}
