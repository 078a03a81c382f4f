import { OPTIONS } from '../args.js';
import type { CommandScope } from '../args.js';
import type { SessionCommandName } from './names.js';

/** One option of a session command: how node:util parseArgs reads it and how its `--help` shows it. */
export interface CommandOption {
  name: string;
  short?: string;
  /** The value it takes, as `--help` names it; a flag takes none. */
  value?: string;
  /** Given more than once, each value kept (`--plugin`). */
  multiple?: boolean;
  help: string;
}

const HELP: CommandOption = { name: 'help', short: 'h', help: 'show this help' };
const AGENT: CommandOption = { name: 'agent', value: '<a>', help: "only this agent: claude, codex, gemini, opencode, copilot or a plugin store's" };
const PLUGIN: CommandOption = {
  name: 'plugin',
  value: '<module>',
  multiple: true,
  help: "load a plugin's session stores (and sources) from a module: a path, or a package in ./node_modules (repeatable); also those of ~/.config/xview, as xview --help says",
};
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
    PLUGIN,
    HELP,
  ],
  // Besides these, show takes the rendering options of xview (below, in its help), --redact among them.
  show: [{ name: 'follow', help: 'keep rendering a log that is still being written until Ctrl-C' }],
  site: [
    AGENT,
    { name: 'project', value: '<dir>', help: "only this project's sessions (default: every project)" },
    SINCE,
    UNTIL,
    { name: 'redact', help: 'replace secrets with a marker in the index and every page' },
    PLUGIN,
    HELP,
  ],
  serve: [
    { name: 'port', value: '<n>', help: 'the port to listen on (default: one the system picks)' },
    { name: 'host', value: '<h>', help: 'the address to bind (default 127.0.0.1; another exposes the app beyond this machine)' },
    { name: 'open', help: 'open the app in the default browser' },
    { name: 'redact', help: 'replace secrets with a marker in everything served, search snippets included' },
    {
      name: 'cache-dir',
      value: '<dir>',
      help: 'where the search index and the last listing live (default $XDG_CACHE_HOME/xview/search or ~/.cache/xview/search)',
    },
    { name: 'no-search', help: 'serve without a search index' },
    PLUGIN,
    HELP,
  ],
  // Besides these, acp takes the rendering options of xview (below, in its help).
  acp: [
    { name: 'message', short: 'm', value: '<text>', help: 'the prompt (default: standard input)' },
    { name: 'allow', help: 'allow what the agent asks permission for (the first "allow" option)' },
    { name: 'deny', help: 'deny it (the default, said on standard error)' },
    { name: 'record', value: '<file>', help: 'save the raw traffic, both directions, one JSON-RPC message per line; xview <file> reads it' },
  ],
  'acp-agent': [
    { name: 'command', value: '<path>', help: "the program to run instead of the agent's binary on PATH (a wrapper, a pinned install)" },
    { name: 'grace-ms', value: '<ms>', help: 'how long a cancelled run has between SIGINT and SIGTERM (default 2000)' },
    HELP,
  ],
};

/** xview's options that `acp` refuses: it renders the one ACP session it drives. */
export const ACP_REFUSED = ['raw', 'list-providers', 'version', 'provider'] as const;

/** xview's options that `show` refuses: it reads one session, and does not list or pass through. */
export const SHOW_REFUSED = ['raw', 'list-providers', 'version'] as const;

/** The options node:util parseArgs reads for a command. */
export function parseOptions(command: SessionCommandName): Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> {
  return Object.fromEntries(
    COMMAND_OPTIONS[command].map((o) => [
      o.name,
      {
        type: o.value === undefined ? ('boolean' as const) : ('string' as const),
        ...(o.short ? { short: o.short } : {}),
        ...(o.multiple ? { multiple: true } : {}),
      },
    ]),
  );
}

/** xview's rendering options a command takes besides its own: those of `show` and `acp`, none for the others. */
function renderingOptions(command: SessionCommandName): typeof OPTIONS {
  const refused: readonly string[] | undefined = command === 'show' ? SHOW_REFUSED : command === 'acp' ? ACP_REFUSED : undefined;
  return refused === undefined ? [] : OPTIONS.filter((o) => !refused.includes(o.name));
}

/** The command's name and options, for its errors' suggestions. */
export function scopeOf(command: SessionCommandName): CommandScope {
  const own = COMMAND_OPTIONS[command].map((o) => o.name);
  const rendering = renderingOptions(command).map((o) => o.name);
  return { command: `xview ${command}`, names: [...own, ...rendering] };
}

const USAGE: Record<SessionCommandName, string> = {
  sessions: `xview sessions [options]
  The agents' session logs on this machine, newest first: by default the current directory's project.
  Columns: when it started, agent, id (its first 8 characters, or up to 40 where more tell it apart), turns, tokens, cost, title or first prompt.`,
  show: `xview show <session-id | path> [options]
  Renders one session log, by id (or a unique prefix of one) or by path, with xview's rendering
  options; it exits and reports as rendering the log file directly does.`,
  acp: `xview acp [options] -- <agent command...>
  Starts an agent that speaks the Agent Client Protocol, sends it one prompt, and renders the
  session live with xview's rendering options; it exits with the run's status. Permission requests
  are denied unless --allow.`,
  site: `xview site <out-dir> [options]
  Writes a static site of the sessions: the list and session views of xview serve, with no
  server (an index grouped by project and day, one page per session with its turns and
  changes, no script in either), and search.html, which searches titles and prompts in the
  browser; a re-run rewrites only the pages whose log changed.`,
  serve: `xview serve [options]
  A local, read-only web app over every agent's sessions: browse by project and day, search,
  follow a session as it is written, see its changes. It prints an address with a secret token;
  only that address opens it. Runs until Ctrl-C.`,
  'acp-agent': `xview acp-agent <agent> [options] [-- <agent arguments>]
  An Agent Client Protocol agent on standard input and output, for any ACP client (an editor): each
  prompt runs the agent's CLI (claude, codex, gemini, opencode or copilot) without a shell, a follow-up
  resumes the CLI's own session, and what it does arrives as ACP session updates. Arguments after --
  go to the CLI before the prompt; the CLI runs with xview's environment.`,
};

const EXAMPLES: Record<SessionCommandName, readonly string[]> = {
  sessions: [
    'xview sessions',
    'xview sessions --all-projects --agent claude --since 2026-11-01 --json',
    'xview sessions --plugin x-provider-qwen --agent qwen',
  ],
  show: ['xview show 3f2a --verbose', 'xview show 3f2a --html session.html --redact', 'xview show ~/.claude/projects/-home-me-app/3f2a.jsonl --follow'],
  site: ['xview site ./transcripts', 'xview site ./transcripts --redact --agent codex'],
  serve: ['xview serve --open', 'xview serve --port 8080 --redact'],
  acp: [
    'xview acp -m "Fix the failing test" -- gemini --experimental-acp',
    'xview acp --allow --verbose --record run.acp.jsonl -m "..." -- opencode acp',
    'xview run.acp.jsonl',
  ],
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
  const rendering = renderingOptions(command);
  const options = rows([...COMMAND_OPTIONS[command], ...rendering]);
  const examples = EXAMPLES[command].map((e) => `  ${e}`);
  return `Usage\n  ${USAGE[command]}\n\nOptions\n${options.join('\n')}\n\nExamples\n${examples.join('\n')}\n\nExit codes: xview --help lists them.\n`;
}
