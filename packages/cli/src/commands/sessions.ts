import { parseArgs } from 'node:util';
import type { SessionInfo } from '@x/sessions';
import { listSessions } from '@x/sessions';
import { sanitizeLine } from '@x/renderer-terminal/sanitize';
import type { ExitCodeValue } from '../exit-codes.js';
import { ExitCode } from '../exit-codes.js';
import type { SessionCommandIo } from './session-common.js';
import { homeOf, parseAgent, parseDate, usageErrors } from './session-common.js';

const TITLE_WIDTH = 60;

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

function row(s: SessionInfo): string {
  const when = (s.startedAt ?? s.updatedAt).slice(0, 16).replace('T', ' ');
  const tokens = s.tokens === undefined ? '' : s.tokens.toLocaleString('en-US');
  const cells = [when, s.agent.padEnd(8), s.id.slice(0, 8).padEnd(8), String(s.turns ?? '').padStart(5), tokens.padStart(11), cut(sanitizeLine(s.title ?? ''), TITLE_WIDTH)];
  return cells.join('  ');
}

function table(sessions: readonly SessionInfo[], allProjects: boolean): string {
  const lines: string[] = [];
  let project: string | undefined;
  for (const s of sessions) {
    // Across projects, each session says its project on a line of its own above it when it changes.
    if (allProjects && s.project !== project) {
      project = s.project;
      lines.push(`${sanitizeLine(project ?? '(no project recorded)')}`);
    }
    lines.push(`${allProjects ? '  ' : ''}${row(s)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `xview sessions [--agent A] [--project DIR | --all-projects] [--since DATE] [--until DATE] [--json]`:
 * the sessions on this machine, newest first; by default those of the current directory's project.
 */
export async function runSessionsCommand(argv: readonly string[], io: SessionCommandIo): Promise<ExitCodeValue> {
  const { values } = usageErrors('sessions', () =>
    parseArgs({
      args: [...argv],
      strict: true,
      options: {
        agent: { type: 'string' },
        project: { type: 'string' },
        'all-projects': { type: 'boolean' },
        since: { type: 'string' },
        until: { type: 'string' },
        subagents: { type: 'boolean' },
        json: { type: 'boolean' },
      },
    }),
  );
  const allProjects = values['all-projects'] === true;
  const agent = parseAgent(values.agent);
  const since = parseDate('--since', values.since);
  const until = parseDate('--until', values.until);
  const sessions = await listSessions({
    home: homeOf(io),
    env: io.env,
    ...(agent ? { agent } : {}),
    ...(allProjects ? {} : { project: values.project ?? io.cwd ?? process.cwd() }),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    subagents: values.subagents === true,
  });
  if (values.json) {
    io.stdout.write(`${JSON.stringify(sessions, null, 2)}\n`);
  } else if (sessions.length === 0) {
    io.stderr.write(`xview: no sessions found${allProjects ? '' : ' for this project (--all-projects lists every project)'}.\n`);
  } else {
    io.stdout.write(table(sessions, allProjects));
  }
  return ExitCode.ok;
}
