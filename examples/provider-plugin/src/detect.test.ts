import { describe, expect, it } from 'vitest';
import { detectGoose } from './index.js';

describe('detectGoose', () => {
  it('is sure of a goose message line and of a notification line', () => {
    expect(detectGoose(['{"type":"message","message":{"id":null,"role":"assistant","created":1,"content":[]}}']).confidence).toBe(1);
    expect(detectGoose(['{"type":"notification","extension_id":"developer","log":{"message":"hi"}}']).confidence).toBe(1);
  });

  it('is less sure of a run that printed only its end', () => {
    expect(detectGoose(['{"type":"complete","total_tokens":12}']).confidence).toBe(0.9);
    expect(detectGoose(['{"type":"error","error":"Request failed"}']).confidence).toBe(0.6);
  });

  it('skips lines that are not JSON objects', () => {
    expect(detectGoose(['Warning: something', '[1]', '{"type":"complete","total_tokens":null}'])).toEqual({ confidence: 0.9, evidence: 'complete line with total_tokens' });
  });

  it('claims nothing of look-alikes of other formats', () => {
    for (const line of [
      '{"type":"message","timestamp":"t","role":"assistant","content":"Gemini text","delta":true}',
      '{"type":"error","message":"Codex error"}',
      '{"type":"error","error":{"name":"APIError"},"sessionID":"s"}',
      '{"type":"message","message":{"role":"assistant","content":[]}}',
      '',
    ]) {
      expect(detectGoose([line]).confidence).toBe(0);
    }
  });
});
