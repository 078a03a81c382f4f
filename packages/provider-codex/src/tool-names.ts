import type { CanonicalToolName, FileChange } from '@x/core';
import { toolAliases } from '@x/core/provider-utils';

/**
 * Codex's own tool names (item types of the current format, event stems of
 * the legacy one, function tools of the rollout files) on the canonical
 * vocabulary. MCP calls are named
 * `server.tool` and pass through.
 */
export const CODEX_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  command_execution: 'Bash',
  exec_command: 'Bash',
  // Function tools of the rollout files: the shell in its versions, the patch tool, the plan tool.
  shell: 'Bash',
  shell_command: 'Bash',
  local_shell: 'Bash',
  apply_patch: 'Edit',
  update_plan: 'TodoWrite',
  file_change: 'Edit',
  patch_apply: 'Edit',
  web_search: 'WebSearch',
  todo_list: 'TodoWrite',
  plan_update: 'TodoWrite',
  spawn_agent: 'Task',
});

// `bash -lc …`, `/bin/zsh -lc …`, `sh -c …`: the wrapper Codex puts around every command.
const SHELL_WRAPPER = /^(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|z)?sh -l?c (.+)$/s;
const SHELLS = new Set(['bash', 'zsh', 'sh', '/bin/bash', '/bin/zsh', '/bin/sh', '/usr/bin/bash', '/usr/bin/zsh', '/usr/local/bin/bash', '/usr/local/bin/zsh']);
// Inside double quotes a backslash escapes only these (bash's rule; before a newline it joins the lines); any other stays as written.
const DOUBLE_QUOTED_ESCAPE = /\\(["\\$`\n])/g;
// What a double-quoted script would expand or end at, once its escapes are read.
const SHELL_ACTIVE = /["$`]/;
const BARE_WORD = /^[^\s'"\\$`;&|<>(){}*?[\]#~]+$/;

/**
 * The script a double-quoted wrapper passes, its escapes read as bash reads
 * them: Codex quotes a script that holds a single quote this way (0.113.0's
 * `/bin/bash -lc "sed -i \"s/'Helo, '/'Hello, '/\" src/greet.ts"`,
 * fixtures/codex/recorded/0.113.0/read-edit-run.jsonl). `undefined` when the
 * shell would expand something (`$`, a backquote) or the quotes do not pair.
 */
function unquoteDouble(inner: string): string | undefined {
  const unescaped = inner.replace(DOUBLE_QUOTED_ESCAPE, '');
  // A backslash left at the end escaped the closing quote: the script goes on past it.
  if (SHELL_ACTIVE.test(unescaped) || unescaped.endsWith('\\')) return undefined;
  return inner.replace(DOUBLE_QUOTED_ESCAPE, (_escape, char: string) => (char === '\n' ? '' : char));
}

/**
 * The script inside a shell wrapper (`bash -lc 'npm test'` gives `npm test`),
 * for the preview. A wrapper whose quoting would need interpreting beyond
 * escapes, and a command with no wrapper, are returned as they are.
 */
export function unwrapShellCommand(command: string): string {
  const match = SHELL_WRAPPER.exec(command.trim());
  if (match === null) return command;
  const script = match[1] as string;
  const quote = script[0];
  if (script.length >= 2 && (quote === "'" || quote === '"') && script.endsWith(quote)) {
    const inner = script.slice(1, -1);
    if (quote === "'") return inner.includes("'") ? command : inner;
    return unquoteDouble(inner) ?? command;
  }
  return BARE_WORD.test(script) ? script : command;
}

/** The command line of a legacy argv: the script of `["bash", "-lc", script]`, else the words joined. */
export function commandOfArgv(argv: readonly string[]): string {
  if (argv.length === 3 && SHELLS.has(argv[0] as string) && (argv[1] === '-lc' || argv[1] === '-c')) return argv[2] as string;
  return argv.join(' ');
}

const CAT_ONE_FILE = /^cat ('[^']+'|[^\s'"\\$`;&|<>(){}*?[\]#~-][^\s'"\\$`;&|<>(){}*?[\]#~]*)$/;

/**
 * The file a command only prints, when the command is exactly `cat <one
 * file>`: Codex has no read tool and reads files through the shell, and its
 * own TUI shows such a command as a read. Anything more (flags, pipes, several
 * files) stays a command.
 */
export function fileReadTarget(script: string): string | undefined {
  const match = CAT_ONE_FILE.exec(script.trim());
  if (match === null) return undefined;
  const path = match[1] as string;
  return path.startsWith("'") ? path.slice(1, -1) : path;
}

/** `Write` when every change creates a file, `Delete` when every change deletes one, else `Edit`. */
export function fileChangeToolName(changes: readonly FileChange[]): CanonicalToolName {
  if (changes.length > 0 && changes.every((c) => c.change === 'created')) return 'Write';
  if (changes.length > 0 && changes.every((c) => c.change === 'deleted')) return 'Delete';
  return 'Edit';
}
