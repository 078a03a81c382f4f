import { createUsageCounter, summarizeToolResult, type DisplayEvent, type Renderer, type UsageCounter } from '@x/core';
import { clean, codeSpan, inline, quoteLines } from './markdown-text.js';

/** Options of {@link createMarkdownRenderer}. */
export interface MarkdownRendererOptions {
  /** Receives the Markdown, one chunk per event; may return a promise to apply backpressure. */
  sink: (chunk: string) => void | Promise<void>;
}

/** The kinds of Markdown block the renderer writes: consecutive list items stay in one list. */
type Block = 'text' | 'reasoning' | 'list' | 'other';

/** Everything the renderer remembers between events. */
interface MarkdownState {
  /** The last block written, and the id of a text or reasoning block that an increment may continue. */
  block: Block | undefined;
  blockId: string | undefined;
  /** The last two characters written: enough to know whether a line or a blank line has ended. */
  tail: string;
  usage: UsageCounter;
  sawUsage: boolean;
}

/** What must come before a new block so that it starts after a blank line (a list item: after a line end). */
function separator(state: MarkdownState, next: Block): string {
  if (state.block === undefined) return '';
  if (next === 'list' && state.block === 'list') return state.tail.endsWith('\n') ? '' : '\n';
  if (state.tail.endsWith('\n\n')) return '';
  return state.tail.endsWith('\n') ? '\n' : '\n\n';
}

/** Appends a new block of `kind` (after its separator), or continues the open one when `id` matches. */
function block(state: MarkdownState, kind: Block, body: string, id?: string): string {
  const continues = id !== undefined && state.block === kind && state.blockId === id;
  const chunk = continues ? body : separator(state, kind) + body;
  state.block = kind;
  state.blockId = id;
  state.tail = (state.tail + chunk).slice(-2);
  return chunk;
}

function sessionStart(event: Extract<DisplayEvent, { kind: 'session' }>): string {
  const facts = [
    ['Model', event.model],
    ['Directory', event.cwd],
    ['Branch', event.gitBranch],
  ].filter((fact): fact is [string, string] => fact[1] !== undefined);
  const title = event.title === undefined ? '' : `: ${inline(event.title)}`;
  const heading = `## Session${event.sessionId === undefined ? '' : ` ${codeSpan(event.sessionId)}`}${title}\n`;
  return facts.length === 0 ? heading : `${heading}\n${facts.map(([name, value]) => `- ${name}: ${codeSpan(value)}\n`).join('')}`;
}

function sessionEnd(event: Extract<DisplayEvent, { kind: 'session' }>): string {
  const parts = [`**Run ${event.status ?? 'ended'}**`];
  if (event.turns !== undefined) parts.push(`${event.turns} turn${event.turns === 1 ? '' : 's'}`);
  if (event.durationMs !== undefined) parts.push(`${(event.durationMs / 1000).toFixed(1)} s`);
  return `${parts.join(' · ')}\n`;
}

function prompt(event: Extract<DisplayEvent, { kind: 'prompt' }>): string {
  if (event.form === 'interrupt') return '**You interrupted the agent.**\n';
  return event.form === 'command' ? `**You:** ${codeSpan(event.text)}\n` : `**You:** ${clean(event.text)}\n`;
}

/** The Markdown of one event, or `undefined` for a kind this renderer does not know. */
function render(state: MarkdownState, event: DisplayEvent): string | undefined {
  switch (event.kind) {
    case 'text':
      return block(state, 'text', clean(event.text), event.id);
    case 'reasoning': {
      const continues = state.block === 'reasoning' && state.blockId === event.id;
      return block(state, 'reasoning', `${continues ? '' : '> '}${quoteLines(event.text)}`, event.id);
    }
    case 'prompt':
      return block(state, 'other', prompt(event));
    case 'tool-use':
      return block(state, 'list', `- **${inline(event.name)}**${event.arg === '' ? '' : ` ${codeSpan(event.arg)}`}\n`);
    case 'tool-result':
      return block(state, 'list', `- ${event.status === 'error' ? '✗' : '✓'} ${inline(summarizeToolResult(event))}\n`);
    case 'session':
      if (event.phase === 'start') state.usage.startSession(event.sessionId);
      return block(state, 'other', event.phase === 'start' ? sessionStart(event) : sessionEnd(event));
    case 'error':
      return block(state, 'other', `> **${event.fatal ? 'Fatal error' : 'Error'}:** ${quoteLines(event.message)}\n`);
    case 'notice':
      return block(state, 'other', `> **${event.level === 'warning' ? 'Warning' : 'Note'}:** ${quoteLines(event.message)}\n`);
    case 'usage':
      // Shown once, as totals, when the run ends.
      state.usage.add(event);
      state.sawUsage = true;
      return '';
    default:
      // A kind added to the contract after this renderer was written: ignored, so
      // that an older renderer keeps working with a newer source.
      return undefined;
  }
}

function usageLine(usage: UsageCounter): string {
  const { inputTokens, outputTokens, cacheReadTokens } = usage.tokens;
  const parts: string[] = [];
  if (inputTokens !== undefined) parts.push(`${inputTokens} in`);
  if (outputTokens !== undefined) parts.push(`${outputTokens} out`);
  if (cacheReadTokens !== undefined) parts.push(`${cacheReadTokens} cached`);
  if (usage.costUsd !== undefined) parts.push(`$${usage.costUsd.toFixed(4)}`);
  return parts.length === 0 ? '' : `**Tokens:** ${parts.join(' · ')}\n`;
}

/**
 * A renderer that writes the run as Markdown: assistant text as it is (it is
 * Markdown already), reasoning as a block quote, tool calls and their results
 * as a list, prompts, errors and notices as their own paragraphs, a heading
 * per session, and the token totals at the end. Kinds it does not know are
 * ignored.
 */
export function createMarkdownRenderer(options: MarkdownRendererOptions): Renderer {
  const state: MarkdownState = { block: undefined, blockId: undefined, tail: '', usage: createUsageCounter(), sawUsage: false };
  return {
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      const chunk = render(state, event);
      return chunk ? options.sink(chunk) : undefined;
    },
    end() {
      const totals = state.sawUsage ? usageLine(state.usage) : '';
      const closing = totals === '' ? '' : block(state, 'other', totals);
      const chunk = closing + (state.tail === '' || state.tail.endsWith('\n') ? '' : '\n');
      return chunk === '' ? undefined : options.sink(chunk);
    },
  };
}
