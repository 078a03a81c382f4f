import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PromptResponse, SessionUpdate } from '@agentclientprotocol/sdk/unstable';
import { describe, expect, it, vi } from 'vitest';
import { fakeCli, loggedRuns, recorded, scratch, WAIT, withAgent } from '../test/acp-harness.js';
import { createAcpAgent, UnknownAgentError } from './index.js';

const text = (value: string) => ({ type: 'text' as const, text: value });

/** Runs one prompt per entry of `prompts` in one ACP session, with the CLI replaced by the fake one printing `fixtures`. */
async function promptRun(agent: string, fixtures: readonly string[], prompts: readonly string[], env: Record<string, string> = {}, notices = false) {
  const dir = scratch();
  const argvLog = join(dir, 'argv.jsonl');
  const options = fakeCli(
    agent,
    fixtures.map((fixture) => recorded(fixture)),
    argvLog,
    env,
  );
  const result = await withAgent(
    options,
    async (client, updates) => {
      const { sessionId } = await client.request('session/new', { cwd: dir, mcpServers: [] });
      const responses: PromptResponse[] = [];
      for (const prompt of prompts) responses.push(await client.request('session/prompt', { sessionId, prompt: [text(prompt)] }));
      return { responses, updates: [...updates] };
    },
    notices,
  );
  return { ...result, dir, runs: loggedRuns(argvLog) };
}

const GREET = '/home/lab/project/src/greet.ts';

describe('a client on the SDK drives a recorded Claude Code run', () => {
  it('receives the run as session/update notifications, in order, and its stop reason with the usage', async () => {
    const { responses, updates, runs, dir } = await promptRun('claude', ['claude/recorded/2.1.332/read-edit-run.jsonl'], ['Fix the typo']);
    const edited = 'The file /home/lab/project/src/greet.ts has been updated successfully. (file state is current in your context — no need to Read it back)';
    const diff = { type: 'diff', path: GREET, oldText: "'Helo, '", newText: "'Hello, '" };
    expect(updates).toEqual([
      { sessionUpdate: 'agent_message_chunk', content: text('I will read the file first.'), messageId: 'msg_lab_1:0' },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call_lab_1_0',
        title: `Read ${GREET}`,
        name: 'Read',
        kind: 'read',
        status: 'in_progress',
        rawInput: { file_path: GREET },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_lab_1_0',
        status: 'completed',
        content: [{ type: 'content', content: text("export function greet(name: string): string {\n  return 'Helo, ' + name;\n}\n") }],
        rawOutput: { output: "export function greet(name: string): string {\n  return 'Helo, ' + name;\n}\n", path: GREET, contentLength: 74 },
      },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call_lab_2_0',
        title: `Edit ${GREET}`,
        name: 'Edit',
        kind: 'edit',
        status: 'in_progress',
        content: [diff],
        locations: [{ path: GREET }],
        rawInput: { replace_all: false, file_path: GREET, old_string: "'Helo, '", new_string: "'Hello, '" },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_lab_2_0',
        status: 'completed',
        content: [diff, { type: 'content', content: text(edited) }],
        locations: [{ path: GREET }],
        rawOutput: { output: edited, path: GREET, changes: [{ path: GREET, change: 'modified' }] },
      },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call_lab_3_0',
        title: 'Bash cat src/greet.ts',
        name: 'Bash',
        kind: 'execute',
        status: 'in_progress',
        rawInput: { command: 'cat src/greet.ts', description: 'Run a command' },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_lab_3_0',
        status: 'completed',
        content: [{ type: 'content', content: text("```console\nexport function greet(name: string): string {\n  return 'Hello, ' + name;\n}\n```") }],
        rawOutput: { output: "export function greet(name: string): string {\n  return 'Hello, ' + name;\n}" },
      },
      { sessionUpdate: 'agent_message_chunk', content: text('Fixed: `Helo` is now `Hello`.'), messageId: 'msg_lab_4:0' },
    ]);
    // The result line's usage: 4,810 input tokens besides 3,200 read from the cache, 170 output.
    expect(responses).toEqual([
      {
        stopReason: 'end_turn',
        usage: { totalTokens: 8180, inputTokens: 8010, outputTokens: 170, thoughtTokens: 0, cachedReadTokens: 3200, cachedWriteTokens: 0 },
      },
    ]);
    expect(runs).toEqual([{ argv: ['-p', '--output-format', 'stream-json', '--verbose', '--', 'Fix the typo'], cwd: dir }]);
  });

  it('sends reasoning as thought chunks and a todo list as a plan', async () => {
    const { updates } = await promptRun('claude', ['claude/recorded/2.1.332/thinking-todo.jsonl'], ['Plan the release']);
    expect(updates).toEqual([
      { sessionUpdate: 'agent_thought_chunk', content: text('The release needs a changelog and a tag.'), messageId: 'msg_lab_1:0' },
      {
        sessionUpdate: 'plan',
        entries: [
          { content: 'Write the changelog', priority: 'medium', status: 'in_progress' },
          { content: 'Tag the release', priority: 'medium', status: 'pending' },
        ],
      },
      { sessionUpdate: 'agent_thought_chunk', content: text('The plan is in place.'), messageId: 'msg_lab_2:0' },
      { sessionUpdate: 'agent_message_chunk', content: text('Two steps: the changelog, then the tag.'), messageId: 'msg_lab_2:1' },
    ]);
  });

  it('resumes the CLI’s own session at a follow-up prompt, by the id of its session start', async () => {
    const { runs, updates, responses } = await promptRun(
      'claude',
      ['claude/recorded/2.1.332/resumed.jsonl', 'claude/recorded/2.1.332/resumed.resume.jsonl'],
      ['Remember 7', '-which number?'],
    );
    expect(runs.map((run) => run.argv)).toEqual([
      ['-p', '--output-format', 'stream-json', '--verbose', '--', 'Remember 7'],
      ['-p', '--output-format', 'stream-json', '--verbose', '--resume=0ea20ed2-1e20-45c1-ad44-5846d13ef519', '--', '-which number?'],
    ]);
    expect(responses.map((response) => response.stopReason)).toEqual(['end_turn', 'end_turn']);
    expect(updates.filter((update) => update.sessionUpdate === 'agent_message_chunk')).toHaveLength(2);
  });
});

describe('a client on the SDK drives a recorded Codex run', () => {
  it('receives file changes and commands with their output', async () => {
    const { updates, responses } = await promptRun('codex', ['codex/recorded/0.171.0/write-search.jsonl'], ['Write the notes']);
    const notes = '/home/lab/project/NOTES.md';
    const command = (id: string, title: string, cmd: string, output: string): SessionUpdate[] => [
      { sessionUpdate: 'tool_call', toolCallId: id, title, name: 'command_execution', kind: 'execute', status: 'in_progress', rawInput: { command: cmd } },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: id,
        status: 'completed',
        content: [{ type: 'content', content: text(`\`\`\`console\n${output}\`\`\``) }],
        rawOutput: { output, exitCode: 0 },
      },
    ];
    expect(updates).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'item_0',
        title: `Write ${notes}`,
        name: 'file_change',
        kind: 'edit',
        status: 'in_progress',
        locations: [{ path: notes }],
        rawInput: { changes: [{ path: notes, kind: 'add' }] },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'item_0',
        status: 'completed',
        locations: [{ path: notes }],
        rawOutput: { path: notes, changes: [{ path: notes, change: 'created' }] },
      },
      ...command(
        'item_1',
        "Bash grep -rn 'function greet' .",
        `/bin/bash -lc "grep -rn 'function greet' ."`,
        './src/greet.ts:1:export function greet(name: string): string {\n',
      ),
      ...command('item_2', "Bash find . -name '*.ts'", `/bin/bash -lc "find . -name '*.ts'"`, './src/greet.ts\n'),
      { sessionUpdate: 'agent_message_chunk', content: text('NOTES.md is written; greet is in src/greet.ts.'), messageId: 'item_3' },
    ]);
    expect(responses).toEqual([
      {
        stopReason: 'end_turn',
        usage: { totalTokens: 6140, inputTokens: 6010, outputTokens: 130, thoughtTokens: 40, cachedReadTokens: 4000, cachedWriteTokens: 0 },
      },
    ]);
  });

  it('sends a todo list as a plan', async () => {
    const { updates } = await promptRun('codex', ['codex/recorded/0.89.0/thinking-todo.jsonl'], ['Plan the release']);
    const plan = {
      sessionUpdate: 'plan',
      entries: ['Write the changelog', 'Tag the release'].map((content) => ({ content, priority: 'medium', status: 'pending' })),
    };
    expect(updates.filter((update) => update.sessionUpdate === 'plan')).toEqual([plan]);
  });

  it('resumes with `exec resume <thread id>`', async () => {
    const { runs } = await promptRun(
      'codex',
      ['codex/recorded/0.89.0/resumed.jsonl', 'codex/recorded/0.89.0/resumed.resume.jsonl'],
      ['Remember 7', 'Which number?'],
    );
    expect(runs.map((run) => run.argv)).toEqual([
      ['exec', '--json', '--', 'Remember 7'],
      ['exec', '--json', 'resume', '01a220f2-80ee-7fb1-a1d5-fb950a7a1e31', '--', 'Which number?'],
    ]);
  });
});

describe('cancellation', () => {
  async function cancelled(hang: string, graceMs: number) {
    const dir = scratch();
    const argvLog = join(dir, 'argv.jsonl');
    const options = { ...fakeCli('claude', [recorded('claude/recorded/2.1.332/plain-answer.jsonl')], argvLog, { FAKE_CLI_HANG: hang }), graceMs };
    const response = await withAgent(options, async (client, updates) => {
      const { sessionId } = await client.request('session/new', { cwd: dir, mcpServers: [] });
      const answer = client.request('session/prompt', { sessionId, prompt: [text('Say hello')] });
      // The CLI has printed its stream (and set its handlers) once its text arrived.
      await vi.waitFor(() => expect(updates.length).toBeGreaterThan(0), WAIT);
      await client.notify('session/cancel', { sessionId });
      return answer;
    });
    return { response, signals: readFileSync(`${argvLog}.signals`, 'utf8').split('\n').filter(Boolean) };
  }

  it('stops the CLI with SIGINT and answers cancelled', async () => {
    expect(await cancelled('yes', 60_000)).toEqual({ response: { stopReason: 'cancelled', usage: expect.any(Object) }, signals: ['SIGINT'] });
  });

  it('sends SIGTERM after the grace period to a CLI that outlives SIGINT', async () => {
    expect(await cancelled('ignore-sigint', 20)).toEqual({ response: { stopReason: 'cancelled', usage: expect.any(Object) }, signals: ['SIGINT', 'SIGTERM'] });
  });
});

describe('errors', () => {
  it('refuses an unknown agent with one line naming the known ones', () => {
    expect(() => createAcpAgent({ agent: 'cursor' })).toThrow(new UnknownAgentError('cursor'));
    expect(new UnknownAgentError('cursor').message).toBe('unknown agent "cursor": expected one of claude, codex, gemini, opencode, copilot');
  });

  it('answers a prompt with an error when the CLI cannot start', async () => {
    const dir = scratch();
    const options = { ...fakeCli('gemini', [], join(dir, 'argv.jsonl')), command: join(dir, 'no-such-gemini') };
    const error = await withAgent(options, async (client) => {
      const { sessionId } = await client.request('session/new', { cwd: dir, mcpServers: [] });
      return client.request('session/prompt', { sessionId, prompt: [text('hi')] }).catch((caught: unknown) => caught);
    });
    expect(error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/^Internal error: could not start Gemini CLI \(.*no-such-gemini\): spawn .* ENOENT$/),
    });
  });

  it('answers a prompt with the CLI’s last line of standard error when it fails without a result', async () => {
    const error = await promptRun('opencode', [], ['hi'], { FAKE_CLI_EXIT: '1', FAKE_CLI_STDERR: 'starting\nError: no provider configured\n' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: -32603, message: 'Internal error: OpenCode failed: Error: no provider configured' });
  });

  it('tells a recorded API error as a notice to a client that shows notices, and fails the prompt', async () => {
    const dir = scratch();
    const argvLog = join(dir, 'argv.jsonl');
    const outcome = await withAgent(
      fakeCli('claude', [recorded('claude/recorded/2.1.332/api-error-400.jsonl')], argvLog),
      async (client, updates) => {
        const { sessionId } = await client.request('session/new', { cwd: dir, mcpServers: [] });
        const error = await client.request('session/prompt', { sessionId, prompt: [text('hi')] }).catch((caught: unknown) => caught);
        return { error, updates: [...updates] };
      },
      true,
    );
    const message =
      'Prompt is too long · this conversation is a single exchange and cannot be compacted — the request size comes mostly from system prompt, tool definitions, or attachments.';
    expect(outcome.updates).toEqual([{ sessionUpdate: 'notice', severity: 'error', title: message }]);
    expect(outcome.error).toMatchObject({ code: -32603, message: `Internal error: Claude Code failed: ${message}` });
  });

  it('refuses a working folder that does not exist or is a file', async () => {
    const dir = scratch();
    const file = join(dir, 'argv.jsonl');
    const options = fakeCli('claude', [recorded('claude/recorded/2.1.332/plain-answer.jsonl')], file);
    writeFileSync(file, '');
    const errors = await withAgent(options, async (client) => {
      const missing = await client.request('session/new', { cwd: join(dir, 'missing'), mcpServers: [] }).catch((caught: unknown) => caught);
      const notFolder = await client.request('session/new', { cwd: file, mcpServers: [] }).catch((caught: unknown) => caught);
      const nul = await client.request('session/new', { cwd: `${dir}\0x`, mcpServers: [] }).catch((caught: unknown) => caught);
      return { missing, notFolder, nul };
    });
    expect(errors.missing).toMatchObject({ code: -32602, message: 'Invalid params: cwd must be an existing folder' });
    expect(errors.notFolder).toMatchObject({ code: -32602, message: 'Invalid params: cwd must be an existing folder' });
    // A NUL ended the path for the system: Node's statSync threw, an internal error.
    expect(errors.nul).toMatchObject({ code: -32602, message: 'Invalid params: cwd must be an absolute path' });
  });

  it('refuses a relative working folder and a second prompt while one runs', async () => {
    const dir = scratch();
    const options = fakeCli('claude', [recorded('claude/recorded/2.1.332/plain-answer.jsonl')], join(dir, 'argv.jsonl'), { FAKE_CLI_HANG: 'yes' });
    const errors = await withAgent(options, async (client, updates) => {
      const relative = await client.request('session/new', { cwd: 'project', mcpServers: [] }).catch((caught: unknown) => caught);
      const { sessionId } = await client.request('session/new', { cwd: dir, mcpServers: [] });
      const first = client.request('session/prompt', { sessionId, prompt: [text('one')] });
      await vi.waitFor(() => expect(updates.length).toBeGreaterThan(0), WAIT);
      const second = await client.request('session/prompt', { sessionId, prompt: [text('two')] }).catch((caught: unknown) => caught);
      await client.notify('session/cancel', { sessionId });
      await first;
      return { relative, second };
    });
    expect(errors.relative).toMatchObject({ code: -32602, message: 'Invalid params: cwd must be an absolute path' });
    expect(errors.second).toMatchObject({ code: -32600, message: 'Invalid request: a prompt of this session is still running' });
  });
});
