/** The commands, `xview <name> ...`: the session commands read agents' logs on disk; `acp` drives an ACP agent. */
export const SESSION_COMMANDS = ['sessions', 'show', 'site', 'serve', 'acp'] as const;

/** One of {@link SESSION_COMMANDS}. */
export type SessionCommandName = (typeof SESSION_COMMANDS)[number];
