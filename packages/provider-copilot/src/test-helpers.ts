import { replayLines, type DisplayEvent, type DisplayEventSource, type LineContext, type ReplayResult } from '@x/core';
import { copilotLogSource } from './log-source.js';
import { copilotSource } from './source.js';

let counter = 0;

/** One session event line in the wire envelope, for tests. */
export function eventLine(type: string, data: unknown, extra: { ephemeral?: boolean; agentId?: string; id?: string; timestamp?: string } = {}): string {
  counter += 1;
  return JSON.stringify({ type, data, id: `evt-${counter}`, timestamp: '2026-01-15T10:00:00.000Z', parentId: null, ...extra });
}

/** A `session.start` line. */
export function sessionStartLine(sessionId = 'sess-1', data: Record<string, unknown> = {}): string {
  return eventLine('session.start', {
    sessionId,
    version: 1,
    producer: 'copilot-agent',
    copilotVersion: '1.0.102',
    startTime: '2026-01-15T10:00:00.000Z',
    selectedModel: 'claude-sonnet-4.5',
    ...data,
  });
}

/** A final `result` line. */
export function resultLine(exitCode: number, usage: Record<string, unknown> = {}, sessionId = 'sess-1'): string {
  return JSON.stringify({
    type: 'result',
    timestamp: '2026-01-15T10:00:09.000Z',
    sessionId,
    exitCode,
    usage: {
      premiumRequests: 1,
      totalApiDurationMs: 900,
      sessionDurationMs: 9000,
      codeChanges: { linesAdded: 0, linesRemoved: 0, filesModified: [] },
      ...usage,
    },
  });
}

/** Replays lines through a fresh Copilot parser. */
export function replay(lines: string[]): ReplayResult {
  return replayLines(copilotSource, lines);
}

/** Replays lines through a fresh Copilot session-log parser. */
export function replayLog(lines: string[]): ReplayResult {
  return replayLines(copilotLogSource, lines);
}

/** The events of one kind. */
export function ofKind<K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K): Extract<DisplayEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);
}

/**
 * What a fresh parser of `source` says about each line it shows nothing for,
 * as `[outcome, reason]` in order (ignored lines included, which replays do
 * not report).
 */
export function outcomes(lines: string[], source: DisplayEventSource = copilotSource): [string, string][] {
  const parser = source.createParser();
  const notes: [string, string][] = [];
  lines.forEach((line, index) => {
    const context: LineContext = {
      lineNumber: index + 1,
      ignore: (reason) => void notes.push(['ignored', reason]),
      malformed: (reason) => void notes.push(['malformed', reason]),
      unknown: (reason) => void notes.push(['unknown', reason]),
    };
    parser.parse(line, context);
  });
  return notes;
}
