import { DETECT_SAMPLE_LINES } from '@x/core';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { claudeLogSource, claudeSource } from './index.js';

/*
 * Qwen Code prints Claude Code's stream-json shapes (system/init, assistant and
 * user lines with parent_tool_use_id, stream_event) and writes Claude Code's
 * transcript envelope (uuid, parentUuid, sessionId) around Gemini messages.
 * Neither Claude detector may claim them: Qwen Code is a plugin's agent, and a
 * built-in that claims its output at confidence 1 wins every tie. The samples
 * are the capture lab's recordings (fixtures/qwen/recorded/, fixtures/qwen-log/recorded/).
 */

const sample = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, DETECT_SAMPLE_LINES);

function recordings(agent: string): { name: string; lines: string[] }[] {
  return recordedVersions(agent).flatMap((version) => {
    const dir = recordedDir(agent, version);
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .map((file) => ({ name: `${version}/${file}`, lines: sample(readFileSync(join(dir, file), 'utf8')) }))
      .filter((recording) => recording.lines.length > 0);
  });
}

describe("Qwen Code's output is not Claude Code's", () => {
  const streams = recordings('qwen');
  const logs = recordings('qwen-log');

  it('has recordings of both', () => {
    expect(streams.length).toBeGreaterThan(10);
    expect(logs.length).toBeGreaterThan(10);
  });

  it.each(streams)('the stream-json detector gives 0 to the stream $name', ({ lines }) => {
    expect(claudeSource.detect(lines)).toMatchObject({ confidence: 0, evidence: "another agent's stream: system/init line with qwen_code_version" });
  });

  it.each(logs)('the transcript detector gives 0 to the session log $name', ({ lines }) => {
    expect(claudeLogSource.detect(lines).confidence).toBe(0);
  });

  it('still claims a Claude Code transcript line and a system line without a payload', () => {
    const envelope = { uuid: 'u', parentUuid: null, sessionId: 's', timestamp: '2026-01-01T00:00:00Z' };
    expect(claudeLogSource.detect([JSON.stringify({ ...envelope, type: 'user', message: { role: 'user', content: 'hi' } })]).confidence).toBe(1);
    expect(claudeLogSource.detect([JSON.stringify({ ...envelope, type: 'system', subtype: 'turn_duration', durationMs: 5 })]).confidence).toBe(1);
    expect(claudeLogSource.detect([JSON.stringify({ ...envelope, type: 'user', message: { role: 'user', parts: [{ text: 'hi' }] } })]).confidence).toBe(0);
  });
});
