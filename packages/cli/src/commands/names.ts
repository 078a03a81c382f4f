/** The session commands, `xview <name> ...`: each reads agents' logs on disk, not standard input. */
export const SESSION_COMMANDS = ['sessions', 'show', 'site', 'serve'] as const;

/** One of {@link SESSION_COMMANDS}. */
export type SessionCommandName = (typeof SESSION_COMMANDS)[number];
