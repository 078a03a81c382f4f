/**
 * What the scripted model answers, in no agent's words: a scenario is a list
 * of steps, and each protocol module (src/protocols/) writes a step in its own
 * wire format. A tool call is an intent (read this file, run this command);
 * the agent's profile (src/agents/) turns it into a call of a tool the agent
 * offered, with that tool's own input.
 */

/** A tool call as the scenario means it. */
export type ToolIntent =
  | { kind: 'read'; path: string }
  | { kind: 'write'; path: string; content: string }
  | { kind: 'edit'; path: string; old: string; new: string }
  | { kind: 'shell'; command: string }
  | { kind: 'grep'; pattern: string }
  | { kind: 'glob'; pattern: string }
  | { kind: 'fetch'; path: string }
  | { kind: 'todo'; items: readonly string[] }
  | { kind: 'task'; description: string; prompt: string };

/**
 * A tool call as the wire carries it: a tool the agent offered, and its input.
 * `form` says how the protocol writes it: a function call (JSON arguments, the
 * default), a custom tool call (`input` holds the freeform text, as Codex's
 * `apply_patch` takes it), or a call the model's server made itself (a web
 * search), which the agent only reports.
 */
export interface ToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  form?: 'function' | 'custom' | 'server';
}

/** One answer of the model. */
export type Step =
  | { kind: 'answer'; thinking?: string; text?: string; calls?: readonly ToolIntent[] }
  /** An HTTP error before any byte of a stream: `status` with the protocol's error body. */
  | { kind: 'http-error'; status: number; message: string }
  /** A stream that starts, says `text`, then breaks off with the protocol's overloaded error. */
  | { kind: 'cut'; text: string }
  /** A stream that starts and then stalls, for a run that is interrupted. */
  | { kind: 'stall'; text: string };

/** A step with its tool calls made concrete for one agent. */
export type WireStep = Exclude<Step, { kind: 'answer' }> | { kind: 'answer'; thinking?: string; text?: string; calls: readonly ToolCall[] };
