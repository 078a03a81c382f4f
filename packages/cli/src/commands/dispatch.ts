import type { ExitCodeValue } from '../exit-codes.js';
import { loadedParts } from '../loaded-parts.js';
import { SESSION_COMMANDS, type SessionCommandName } from './names.js';
import type { SessionCommandIo } from './session-common.js';

type SessionCommand = (argv: readonly string[], io: SessionCommandIo) => Promise<ExitCodeValue>;

// Each command loads when named: `xview run.jsonl` never loads @x/sessions.
const COMMANDS: Record<SessionCommandName, () => Promise<SessionCommand>> = {
  sessions: async () => (await import('./sessions.js')).runSessionsCommand,
  show: async () => (await import('./show.js')).runShowCommand,
  site: async () => (await import('./site.js')).runSiteCommand,
};

/**
 * Runs `xview sessions | show | site` when the first argument names one, and
 * returns `undefined` otherwise (a file of that name is read as `./show`).
 */
export function runSessionCommand(argv: readonly string[], io: SessionCommandIo): Promise<ExitCodeValue> | undefined {
  const name = argv[0];
  const load = (SESSION_COMMANDS as readonly string[]).includes(name ?? '') ? COMMANDS[name as SessionCommandName] : undefined;
  if (load !== undefined) loadedParts.add(`command:${name}`);
  return load?.().then((command) => command(argv.slice(1), io));
}
