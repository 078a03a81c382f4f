import { describe, expect, it } from 'vitest';
import { gemini } from '../agents/gemini.js';
import { startLabServer } from '../lab-server.js';
import { SCENARIOS } from '../scenarios.js';

describe('the lab server (Gemini generateContent)', () => {
  it('reads past the startup exchange Gemini CLI 0.8.2 opens with: the environment, and its own fixed acknowledgement', async () => {
    const run = SCENARIOS.find((scenario) => scenario.name === 'read-edit-run');
    if (run === undefined) throw new Error('read-edit-run');
    const server = await startLabServer({ protocol: gemini.protocol, scenario: run, makeCall: gemini.makeCall, work: '/w', version: '0.8.2' });
    try {
      const contents = [
        { role: 'user', parts: [{ text: 'This is the Gemini CLI. We are setting up the context for our chat.' }] },
        { role: 'model', parts: [{ text: 'Got it. Thanks for the context!' }] },
        { role: 'user', parts: [{ text: run.prompt }] },
      ];
      const tools = [{ functionDeclarations: [{ name: 'read_file' }, { name: 'replace' }, { name: 'run_shell_command' }] }];
      const answer = await fetch(`${server.url}/v1beta/models/gemini-2.5-pro:generateContent`, { method: 'POST', body: JSON.stringify({ contents, tools }), headers: { 'content-type': 'application/json' } });
      // The scenario's first step (its text, then the read), not the side answer `none`: the acknowledgement is no answer.
      const parts = ((await answer.json()) as { candidates: { content: { parts: { text?: string; functionCall?: { name: string } }[] } }[] }).candidates[0]?.content.parts ?? [];
      expect(parts.map((part) => part.text ?? '').join('')).toBe('I will read the file first.');
      expect(parts.at(-1)?.functionCall?.name).toBe('read_file');
    } finally {
      await server.close();
    }
  });
});
