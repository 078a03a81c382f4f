import { DETECT_SAMPLE_LINES } from '@x/core';
import { describe, expect, it } from 'vitest';
import { logs, streams } from '../test/recordings.js';
import { detectQwen, detectQwenLog } from './index.js';

/** The first non-blank lines, as a registry hands them to `detect`. */
const sample = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, DETECT_SAMPLE_LINES);

const recordedStreams = streams().filter((recording) => recording.text.trim() !== '');
const recordedLogs = logs();

describe('detectQwen', () => {
  it.each(recordedStreams.map((r) => [`${r.version}/${r.name}`, r.text] as const))('claims the recorded stream %s by its init line', (_name, text) => {
    expect(detectQwen(sample(text))).toEqual({ confidence: 1, evidence: 'system/init line with qwen_code_version' });
  });

  it.each(recordedLogs.map((r) => [`${r.version}/${r.name}`, r.text] as const))('leaves the session log %s alone', (_name, text) => {
    expect(detectQwen(sample(text)).confidence).toBe(0);
  });

  it("claims an assistant line without the init line less surely, and not Claude Code's (its message ids are the API's)", () => {
    const qwen = '{"type":"assistant","uuid":"u1","session_id":"s","parent_tool_use_id":null,"message":{"id":"u1","role":"assistant","content":[]}}';
    const claude = '{"type":"assistant","uuid":"u1","session_id":"s","parent_tool_use_id":null,"message":{"id":"msg_01","role":"assistant","content":[]}}';
    expect(detectQwen([qwen]).confidence).toBe(0.8);
    expect(detectQwen([claude]).confidence).toBe(0);
    expect(detectQwen(['not json', '[]', '{"type":"system","subtype":"init","claude_code_version":"2.1.0"}']).confidence).toBe(0);
  });
});

describe('detectQwenLog', () => {
  it.each(recordedLogs.map((r) => [`${r.version}/${r.name}`, r.text] as const))('claims the recorded session log %s', (_name, text) => {
    expect(detectQwenLog(sample(text)).confidence).toBe(1);
  });

  it.each(recordedStreams.map((r) => [`${r.version}/${r.name}`, r.text] as const))('leaves the stream %s alone', (_name, text) => {
    expect(detectQwenLog(sample(text)).confidence).toBe(0);
  });

  it("leaves a Claude Code transcript line alone: its message has content, not Gemini's parts", () => {
    expect(detectQwenLog(['{"type":"user","uuid":"u","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"hi"}}']).confidence).toBe(0);
  });
});
