import type { SessionRow, StoreFileSystem } from '@x/core';
import { isJsonObject, parseJson, scanHead, stringField, toIsoDate, toOneLine } from '@x/core/provider-utils';
import { promptOf, recordUsage } from './log-rules.js';

/** The longest title a row carries: the first prompt, on one line. */
export const TITLE_MAX_CHARS = 200;

/** What a listing gathers from a log's records, one object filled as the scan goes. */
interface RowScan {
  sessionId?: string;
  startedAt?: string;
  project?: string;
  gitBranch?: string;
  title?: string;
  turns: number;
  tokens: number;
}

function visitRecord(scan: RowScan, line: string): void {
  const parsed = parseJson(line);
  if (parsed === undefined || !isJsonObject(parsed.value)) return;
  const record = parsed.value;
  scan.sessionId ??= stringField(record, 'sessionId');
  scan.startedAt ??= toIsoDate(stringField(record, 'timestamp'));
  scan.project ??= stringField(record, 'cwd');
  scan.gitBranch ??= stringField(record, 'gitBranch');
  const prompt = promptOf(record);
  if (prompt !== undefined) {
    scan.turns += 1;
    scan.title ??= toOneLine(prompt, TITLE_MAX_CHARS);
  }
  const usage = recordUsage(record);
  if (usage !== undefined) scan.tokens += (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/**
 * One session log's listing row, read with the log source's own rules
 * (`log-rules.ts`) from the log's head: the id is the file's name (Qwen Code
 * names a session's log after it), the project and branch those of its first
 * record, the title its first prompt. Turns and tokens are counted only when
 * the head scan read the whole log; past the bound they are left out, never
 * guessed.
 */
export async function sessionRow(fs: StoreFileSystem, path: string, name: string, parentId?: string): Promise<SessionRow | undefined> {
  const stat = await fs.stat(path);
  if (stat === undefined || stat.kind !== 'file') return undefined;
  const scan: RowScan = { turns: 0, tokens: 0 };
  const head = await scanHead(fs, path, (line) => {
    visitRecord(scan, line);
    return true;
  });
  const row: SessionRow = {
    agent: 'qwen',
    id: name.replace(/\.jsonl$/, ''),
    storage: 'file',
    path,
    updatedAt: new Date(stat.mtimeMs).toISOString(),
    size: stat.size,
  };
  if (scan.startedAt !== undefined) row.startedAt = scan.startedAt;
  if (scan.project !== undefined) row.project = scan.project;
  if (scan.gitBranch !== undefined) row.gitBranch = scan.gitBranch;
  if (scan.title !== undefined) row.title = scan.title;
  if (head.complete) {
    row.turns = scan.turns;
    if (scan.tokens > 0) row.tokens = scan.tokens;
  }
  if (parentId !== undefined) row.parentId = parentId;
  return row;
}
