import { OPTIONS } from '../args.js';
import type { CommandScope } from '../args.js';
import type { SessionCommandName } from './names.js';

/** One option of a session command: how node:util parseArgs reads it and how its `--help` shows it. */
export interface CommandOption {
  name: string;
  short?: string;
  /** The value it takes, as `--help` names it; a flag takes none. */
  value?: string;
  help: string;
}

const HELP: CommandOption = { name: 'help', short: 'h', help: 'show this help' };
const AGENT: CommandOption = { name: 'agent', value: '<a>', help: 'only this agent: claude, codex, gemini, opencode or copilot' };
const SINCE: CommandOption = { name: 'since', value: '<date>', help: 'only sessions started on or after this date (2026-03-01, 2026-03-01T14:00)' };
const UNTIL: CommandOption = { name: 'until', value: '<date>', help: 'only sessions started before this date' };

/** Every command's own options, the one table its parsing and its `--help` read. */
export const COMMAND_OPTIONS: Record<SessionCommandName, readonly CommandOption[]> = {
  sessions: [
    AGENT,
    { name: 'project', value: '<dir>', help: "this project's sessions (default: the current directory's)" },
    { name: 'all-projects', help: "every project's sessions, grouped by project" },
    SINCE,
    UNTIL,
    { name: 'subagents', help: 'also the sessions of subagents' },
    { name: 'json', help: 'the sessions as JSON, for scripts' },
    { name: 'redact', help: 'replace secrets in titles and paths with a marker' },
    HELP,
  ],
  // Besides these, show takes the rendering options of xview (below, in its help).
  show: [
    { name: 'follow', help: 'keep rendering a log that is still being written until Ctrl-C' },
    { name: 'redact', help: 'replace secrets with a marker in every output' },
  ],
  site: [
    AGENT,
    { name: 'project', value: '<dir>', help: "only this project's sessions (default: every project)" },
    SINCE,
    UNTIL,
    { name: 'redact', help: 'replace secrets with a marker in the index and every page' },
    HELP,
  ],
  'acp-agent': [
    { name: 'command', value: '<path>', help: "the program to run instead of the agent's binary on PATH (a wrapper, a pinned install)" },
    { name: 'grace-ms', value: '<ms>', help: 'how long a cancelled run has between SIGINT and SIGTERM (default 2000)' },
    HELP,
  ],
};

/** xview's options that `show` refuses: it reads one session, and does not list or pass through. */
export const SHOW_REFUSED = ['raw', 'list-providers', 'version'] as const;

/** The options node:util parseArgs reads for a command. */
export function parseOptions(command: SessionCommandName): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  return Object.fromEntries(
    COMMAND_OPTIONS[command].map((o) => [o.name, { type: o.value === undefined ? ('boolean' as const) : ('string' as const), ...(o.short ? { short: o.short } : {}) }]),
  );
}

/** The command's name and options, for its errors' suggestions. */
export function scopeOf(command: SessionCommandName): CommandScope {
  const own = COMMAND_OPTIONS[command].map((o) => o.name);
  const rendering = command === 'show' ? OPTIONS.map((o) => o.name).filter((name) => !(SHOW_REFUSED as readonly string[]).includes(name)) : [];
  return { command: `xview ${command}`, names: [...own, ...rendering] };
}

const USAGE: Record<SessionCommandName, string> = {
  sessions: `xview sessions [options]
  The agents' session logs on this machine, newest first: by default the current directory's project.
  Columns: when it started, agent, id (its first 8 characters), turns, tokens, cost, title or first prompt.`,
  show: `xview show <session-id | path> [options]
  Renders one session log, by id (or a unique prefix of one) or by path, with xview's rendering
  options; it exits and reports as rendering the log file directly does.`,
  site: `xview site <out-dir> [options]
  Writes a static site of the sessions: an index grouped by project and one page per session;
  a re-run rewrites only the pages whose log changed.`,
  'acp-agent': `xview acp-agent <agent> [options] [-- <agent arguments>]
  An Agent Client Protocol agent on standard input and output, for any ACP client (an editor): each
  prompt runs the agent's CLI (claude, codex, gemini, opencode or copilot) without a shell, a follow-up
  resumes the CLI's own session, and what it does arrives as ACP session updates. Arguments after --
  go to the CLI before the prompt; the CLI runs with xview's environment.`,
};

const EXAMPLES: Record<SessionCommandName, readonly string[]> = {
  sessions: ['xview sessions', 'xview sessions --all-projects --agent claude --since 2026-11-01 --json'],
  show: ['xview show 3f2a --verbose', 'xview show 3f2a --html session.html --redact', 'xview show ~/.claude/projects/-home-me-app/3f2a.jsonl --follow'],
  site: ['xview site ./transcripts', 'xview site ./transcripts --redact --agent codex'],
  'acp-agent': [
    'xview acp-agent claude',
    'xview acp-agent codex -- --sandbox workspace-write',
    'xview acp-agent gemini --command ~/bin/gemini-pinned -- --model gemini-2.5-pro',
  ],
};

function rows(options: readonly CommandOption[]): string[] {
  const left = options.map((o) => `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`);
  const width = Math.max(...left.map((l) => l.length));
  return options.map((o, i) => `  ${(left[i] ?? '').padEnd(width)}  ${o.help}`);
}

/** `xview <command> --help`: the command's usage, options and examples. */
export function commandHelp(command: SessionCommandName): string {
  const rendering = command === 'show' ? OPTIONS.filter((o) => !(SHOW_REFUSED as readonly string[]).includes(o.name)) : [];
  const options = rows([...COMMAND_OPTIONS[command], ...rendering]);
  const examples = EXAMPLES[command].map((e) => `  ${e}`);
  return `Usage\n  ${USAGE[command]}\n\nOptions\n${options.join('\n')}\n\nExamples\n${examples.join('\n')}\n\nExit codes: xview --help lists them.\n`;
}
