/**
 * The commands, `xview <name> ...`: `sessions`, `show`, `site` and `serve` read
 * agents' logs on disk, `acp` drives an ACP agent, `acp-agent` serves the Agent
 * Client Protocol on standard input and output; none renders standard input.
 */
export const SESSION_COMMANDS = ['sessions', 'show', 'site', 'serve', 'acp', 'acp-agent'] as const;

/** One of {@link SESSION_COMMANDS}. */
export type SessionCommandName = (typeof SESSION_COMMANDS)[number];
