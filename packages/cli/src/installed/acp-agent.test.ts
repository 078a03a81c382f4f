// The installed xview as an ACP agent: a client built on the official SDK
// drives `xview acp-agent` over the child's own standard input and output,
// with the agent's CLI replaced by a script that prints a recorded Codex run
// (fixtures/codex/recorded/0.171.0/write-search.jsonl) unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream, type SessionUpdate } from '@agentclientprotocol/sdk/unstable';
import { describe, expect, it } from 'vitest';
import { fakeCliEnv, writeFakeCli } from '../../../acp-agent/test/fake-cli-file.js';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import { freshPlace, runInstalled, startInstalled } from './installed-xview.js';

describe('the installed xview acp-agent', () => {
  it('serves a prompt over its standard input and output, resumes at the next, and exits 0 when the client closes', async () => {
    const dir = writeFakeCli();
    const fixtures = ['codex/recorded/0.171.0/write-search.jsonl', 'codex/recorded/0.89.0/resumed.resume.jsonl'].map((path) => join(FIXTURES_DIR, path));
    const place = { ...freshPlace(), env: fakeCliEnv(dir, fixtures) };
    const child = startInstalled(['acp-agent', 'codex', '--command', join(dir, 'fake-cli'), '--', '--skip-git-repo-check'], place);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const updates: SessionUpdate[] = [];
    const app = client({ name: 'installed-test' }).onNotification('session/update', ({ params }) => {
      updates.push(params.update);
    });
    const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>);
    const answers = await app.connectWith(stream, async (agent) => {
      await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await agent.request('session/new', { cwd: place.cwd, mcpServers: [] });
      const first = await agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Write the notes' }] });
      const second = await agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Which number?' }] });
      return [first.stopReason, second.stopReason];
    });
    child.stdin.end();
    expect(await exited).toBe(ExitCode.ok);
    expect(stderr).toBe('');
    expect(answers).toEqual(['end_turn', 'end_turn']);
    expect(updates.map((update) => update.sessionUpdate)).toEqual([
      'tool_call',
      'tool_call_update',
      'tool_call',
      'tool_call_update',
      'tool_call',
      'tool_call_update',
      'agent_message_chunk',
      'agent_message_chunk',
    ]);
    expect(updates[0]).toMatchObject({
      toolCallId: 'item_0',
      title: 'Write /home/lab/project/NOTES.md',
      kind: 'edit',
      locations: [{ path: '/home/lab/project/NOTES.md' }],
    });
    expect(updates.at(-1)).toMatchObject({ content: { type: 'text', text: 'You gave me 7.' } });
    const runs = readFileSync(join(dir, 'argv.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).argv);
    expect(runs).toEqual([
      ['exec', '--json', '--skip-git-repo-check', '--', 'Write the notes'],
      ['exec', '--json', '--skip-git-repo-check', 'resume', '01a220f1-8442-7d70-9301-9fa4e61d53ef', '--', 'Which number?'],
    ]);
  });

  it('refuses an unknown agent in one line with exit 2', async () => {
    const result = await runInstalled(['acp-agent', 'cursor'], freshPlace(), '');
    expect(result.status).toBe(ExitCode.usage);
    expect(result.stderr).toBe('xview: acp-agent: unknown agent "cursor". Choose one of: claude, codex, gemini, opencode, copilot.\n');
  });
});
