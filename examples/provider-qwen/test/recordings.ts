import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DisplayEvent } from '@x/core';

/**
 * The capture lab's recordings of Qwen Code, copied into this package
 * (fixtures/README.md says from where): `fixtures/qwen/<version>/<scenario>.jsonl`
 * is what `qwen -p … --output-format stream-json` printed, and
 * `fixtures/qwen-log/<version>/<scenario>/` the runtime folder's session logs.
 */
export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The recorded versions, oldest first. */
export function versions(): string[] {
  return readdirSync(join(FIXTURES, 'qwen'))
    .filter((name) => /^\d/.test(name))
    .sort(byVersion);
}

/** One recorded file: its name under its version, and its text. */
export interface Recording {
  version: string;
  name: string;
  text: string;
}

/** Every stdout recording of every version (`<scenario>.jsonl`, `<scenario>.resume.jsonl`). */
export function streams(): Recording[] {
  return versions().flatMap((version) =>
    readdirSync(join(FIXTURES, 'qwen', version))
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .map((file) => ({ version, name: file.slice(0, -'.jsonl'.length), text: readFileSync(join(FIXTURES, 'qwen', version, file), 'utf8') })),
  );
}

/** Every session log of every version: `<scenario>/<path under the home>`. */
export function logs(): Recording[] {
  return versions().flatMap((version) => {
    const dir = join(FIXTURES, 'qwen-log', version);
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .map((file) => ({ version, name: relative(dir, join(dir, file)), text: readFileSync(join(dir, file), 'utf8') }));
  });
}

/** The session log of a scenario (the main one, not a subagent's). */
export function chatLog(version: string, scenario: string): Recording | undefined {
  return logs().find((log) => log.version === version && log.name.startsWith(`${scenario}/`) && log.name.includes('/chats/'));
}

/** One event as a short line: what a reader of the terminal output tells apart; a subagent's events are indented. */
export function brief(event: DisplayEvent): string {
  const nested = event.parentToolUseId === undefined ? '' : '  ';
  switch (event.kind) {
    case 'session':
      return `${nested}session ${event.phase}${event.status === undefined ? '' : ` ${event.status}`}`;
    case 'text':
    case 'reasoning':
    case 'prompt':
      return `${nested}${event.kind}: ${event.text}`;
    case 'tool-use':
      return `${nested}tool-use ${event.name} ${event.arg}`;
    case 'tool-result':
      return `${nested}tool-result ${event.name} ${event.status}${event.details.exitCode === undefined ? '' : ` exit ${event.details.exitCode}`}`;
    case 'usage':
      return `${nested}usage ${event.cumulative ? 'total' : '+'}${event.inputTokens ?? 0}/${event.outputTokens ?? 0}`;
    case 'error':
      return `${nested}error${event.fatal ? ' (fatal)' : ''}: ${event.message}`;
    case 'notice':
      return `${nested}notice ${event.code ?? event.level}`;
  }
}
