import type { ExitCodeValue } from '../exit-codes.js';
import type { SessionCommandIo } from './session-common.js';
import { runSessionsCommand } from './sessions.js';
import { runShowCommand } from './show.js';
import { runSiteCommand } from './site.js';

const COMMANDS: Record<string, (argv: readonly string[], io: SessionCommandIo) => Promise<ExitCodeValue>> = {
  sessions: runSessionsCommand,
  show: runShowCommand,
  site: runSiteCommand,
};

/**
 * Runs `xview sessions | show | site` when the first argument names one, and
 * returns `undefined` otherwise (a file of that name is read as `./show`).
 */
export function runSessionCommand(argv: readonly string[], io: SessionCommandIo): Promise<ExitCodeValue> | undefined {
  const command = argv[0] === undefined ? undefined : COMMANDS[argv[0]];
  return command?.(argv.slice(1), io);
}
