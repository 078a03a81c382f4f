import type { SessionInfo } from '@x/sessions';
import { listSessions, redactValue } from '@x/sessions';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { ExitCodeValue } from '../exit-codes.js';
import { ExitCode } from '../exit-codes.js';
import type { GuardedStream } from '../output.js';
import { jsonForTerminal, write } from '../output.js';
import { loadSessionPlugins } from './session-plugins.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, parseAgent, parseCommand, parseDate, pluginSpecs, printHelp, storeWarnings } from './session-common.js';

const TITLE_WIDTH = 60;

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * The id column: the start of the id, 8 characters or as many more as tell it
 * from every other id listed (`idLength`), and for one of several logs that
 * share the id, the hash its key adds (`c1a2b3c4@1f2e3d4c`), which
 * `xview show` takes as it is.
 */
function shortKey(s: SessionInfo, idLength: ReadonlyMap<string, number>): string {
  const key = s.key ?? s.id;
  return s.id.slice(0, idLength.get(s.id) ?? 8) + key.slice(s.id.length);
}

/** How many characters of two strings are the same from the start. */
function sharedStart(a: string, b: string | undefined): number {
  let i = 0;
  while (b !== undefined && i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/**
 * For each id listed, the shortest start of it, at least 8 characters, that
 * no other listed id begins with, as git shortens a hash. Ids that begin with
 * the time they were made (UUIDv7: Codex 0.113's threads,
 * fixtures/codex-log/recorded/0.113.0) share their first 8 characters when
 * made within a minute, and a column of equal starts names no session.
 * Sorted, an id shares the most with a neighbour.
 */
function idLengths(sessions: readonly SessionInfo[]): Map<string, number> {
  const ids = [...new Set(sessions.map((s) => s.id))].sort();
  const lengths = new Map<string, number>();
  ids.forEach((id, i) => {
    const shared = Math.max(sharedStart(id, ids[i - 1]), sharedStart(id, ids[i + 1]));
    lengths.set(id, Math.min(id.length, Math.max(8, shared + 1), ID_MAX));
  });
  return lengths;
}

/**
 * The most of an id the column shows, past any agent's (a UUID is 36 characters): every row is padded to the widest,
 * and two planted ids sharing a megabyte made each row of the listing a megabyte wide. Ids alike past it are told
 * apart by `xview show`, which names every candidate's key.
 */
const ID_MAX = 40;

/** The columns of a row, each made safe for a terminal first: every one of them comes from a log. */
function cells(s: SessionInfo, idWidth: number, idLength: ReadonlyMap<string, number>): string[] {
  const gate = (text: string) => neutralizeForTerminal(text);
  const when = gate((s.startedAt ?? s.updatedAt).slice(0, 16).replace('T', ' '));
  const tokens = s.tokens === undefined ? '' : s.tokens.toLocaleString('en-US');
  const cost = s.costUsd === undefined ? '' : `$${s.costUsd.toFixed(2)}`;
  return [when.padEnd(16), gate(s.agent).padEnd(8), gate(shortKey(s, idLength)).padEnd(idWidth), String(s.turns ?? '').padStart(5), tokens.padStart(11), cost.padStart(8), cut(gate(s.title ?? ''), TITLE_WIDTH)];
}

function header(idWidth: number): string[] {
  return ['when'.padEnd(16), 'agent'.padEnd(8), 'id'.padEnd(idWidth), 'turns'.padStart(5), 'tokens'.padStart(11), 'cost'.padStart(8), 'title'];
}

function table(sessions: readonly SessionInfo[], allProjects: boolean): string {
  const indent = allProjects ? '  ' : '';
  const idLength = idLengths(sessions);
  // Folded, not spread into Math.max: past about 125,000 sessions the arguments overflowed the stack (exit 70).
  const idWidth = sessions.reduce((width, s) => Math.max(width, neutralizeForTerminal(shortKey(s, idLength)).length), 8);
  const lines: string[] = [`${indent}${header(idWidth).join('  ')}`];
  let project: string | undefined;
  for (const s of sessions) {
    // Across projects, each session says its project on a line of its own above it when it changes.
    if (allProjects && (lines.length === 1 || s.project !== project)) {
      project = s.project;
      lines.push(neutralizeForTerminal(project ?? '(no project recorded)'));
    }
    lines.push(`${indent}${cells(s, idWidth, idLength).join('  ').trimEnd()}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `xview sessions [--plugin M]... [--agent A] [--project DIR | --all-projects] [--since DATE] [--until DATE] [--json] [--redact]`:
 * the sessions on this machine, newest first; by default those of the current directory's project.
 * The table passes every column through the terminal gate; `--json` escapes as `--events` does.
 */
export async function runSessionsCommand(argv: readonly string[], io: SessionCommandIo, out: GuardedStream): Promise<ExitCodeValue> {
  const { values } = parseCommand('sessions', argv);
  if (values.help === true) return printHelp('sessions', out);
  const allProjects = values['all-projects'] === true;
  // What the listing says it left out, as it says it.
  const left = { unprojected: 0 };
  const { stores } = await loadSessionPlugins(pluginSpecs(values), io);
  const agent = parseAgent(values.agent as string | undefined, stores);
  const since = parseDate('--since', values.since as string | undefined);
  const until = parseDate('--until', values.until as string | undefined);
  const found = await listSessions({
    stores,
    home: homeOf(io),
    env: io.env,
    ...(agent ? { agent } : {}),
    ...(allProjects ? {} : { project: (values.project as string | undefined) ?? io.cwd ?? process.cwd() }),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    subagents: values.subagents === true,
    onWarning: storeWarnings(io, values.redact === true),
    // Copilot CLI before 0.0.380 records no working folder: such sessions belong to no project, so say where they are.
    onUnprojected: (count) => {
      left.unprojected = count;
    },
  });
  const sessions = values.redact === true ? redactValue(found) : found;
  if (values.json) {
    await write(out, `${jsonForTerminal(sessions, 2)}\n`);
  } else if (sessions.length === 0) {
    io.stderr.write(`xview: no sessions found${allProjects ? '' : ' for this project (--all-projects lists every project)'}.\n`);
  } else {
    await write(out, table(sessions, allProjects));
  }
  const { unprojected } = left;
  if (unprojected > 0 && !values.json) {
    io.stderr.write(`xview: ${unprojected} ${unprojected === 1 ? 'session records' : 'sessions record'} no project and ${unprojected === 1 ? 'is' : 'are'} not listed here (--all-projects lists ${unprojected === 1 ? 'it' : 'them'}).\n`);
  }
  await out.settle();
  return ExitCode.ok;
}
