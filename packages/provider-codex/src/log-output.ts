import type { FileChange } from '@x/core';
import { isJsonObject, numberField, objectField, parseJson, stringField } from '@x/core/provider-utils';

/** What a tool's output string in a rollout says: the output proper, and the exit code and duration where given. */
export interface RolloutOutput {
  output: string;
  exitCode?: number | undefined;
  durationMs?: number | undefined;
}

const EXIT_LINE = /^(?:Exit code:|Process exited with code) (-?\d+)$/;
const WALL_TIME = /^Wall time: ([\d.]+) seconds$/;
const HEADER_LINE = /^(?:Exit code|Process exited with code|Wall time|Chunk ID|Original token count|Total output lines)\b/;

/** The ≥0.8x text form: header lines ("Process exited with code N", "Wall time: …"), then "Output:" and the output. */
function headedOutput(text: string): RolloutOutput | undefined {
  const marker = text.startsWith('Output:\n') ? 0 : text.indexOf('\nOutput:\n');
  if (marker === -1) return undefined;
  const header = text.slice(0, marker).split('\n');
  if (!header.every((line) => line === '' || HEADER_LINE.test(line))) return undefined;
  const result: RolloutOutput = { output: text.slice(marker === 0 ? 'Output:\n'.length : marker + '\nOutput:\n'.length) };
  for (const line of header) {
    const exit = EXIT_LINE.exec(line);
    if (exit !== null) result.exitCode = Number(exit[1]);
    const wall = WALL_TIME.exec(line);
    if (wall !== null) result.durationMs = Math.round(Number(wall[1]) * 1000);
  }
  return result;
}

/**
 * Reads a rollout tool output in either shape Codex used: ≤0.6x a JSON string
 * `{"output", "metadata": {"exit_code", "duration_seconds"}}` (apply_patch
 * keeps it later too), ≥0.8x plain text under a header ("Exit code: N" or
 * "Process exited with code N", "Wall time", then "Output:"). Anything else
 * is output as it is, with no exit code.
 */
export function parseRolloutOutput(raw: string): RolloutOutput {
  const trimmed = raw.trimStart();
  if (trimmed.startsWith('{')) {
    const value = parseJson(trimmed)?.value;
    const output = stringField(value, 'output');
    if (isJsonObject(value) && output !== undefined) {
      const metadata = objectField(value, 'metadata');
      const seconds = numberField(metadata, 'duration_seconds');
      return { output, exitCode: numberField(metadata, 'exit_code'), durationMs: seconds === undefined ? undefined : Math.round(seconds * 1000) };
    }
  }
  return headedOutput(raw) ?? { output: raw };
}

const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const PATCH_MOVE = /^\*\*\* Move to: (.+)$/;
const CHANGE_OF_VERB: Readonly<Record<string, FileChange['change']>> = { Add: 'created', Update: 'modified', Delete: 'deleted' };

/** The files an `apply_patch` body (`*** Begin Patch` … `*** End Patch`) adds, updates, deletes or moves. */
export function patchChanges(patch: string): FileChange[] {
  const changes: FileChange[] = [];
  for (const line of patch.split('\n')) {
    const file = PATCH_FILE.exec(line.trimEnd());
    if (file !== null) {
      changes.push({ path: (file[2] as string).trim(), change: CHANGE_OF_VERB[file[1] as string] ?? 'modified' });
      continue;
    }
    const last = changes[changes.length - 1];
    if (last !== undefined && PATCH_MOVE.test(line.trimEnd())) last.change = 'moved';
  }
  return changes;
}
