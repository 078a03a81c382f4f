// A scripted ACP agent on the official SDK's agent-side connection, for xview acp's tests: it
// answers one prompt with reasoning, text, a plan, a tool call with a diff (after asking
// permission), usage and a stop reason. ACP_SCRIPT_STOP chooses the stop reason;
// ACP_SCRIPT_ENV_OUT writes the environment it was started with to that file; ACP_SCRIPT_STDERR is
// written to standard error first.
import { writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { agent, methods, ndJsonStream } from '@agentclientprotocol/sdk';

if (process.env.ACP_SCRIPT_ENV_OUT) writeFileSync(process.env.ACP_SCRIPT_ENV_OUT, JSON.stringify(Object.keys(process.env).sort()));
if (process.env.ACP_SCRIPT_STDERR) process.stderr.write(process.env.ACP_SCRIPT_STDERR);
const stop = process.env.ACP_SCRIPT_STOP ?? 'end_turn';
const stream = ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));

const update = (ctx, sessionId, value) => ctx.client.notify(methods.client.session.update, { sessionId, update: value });

const app = agent({ name: 'scripted-agent' })
  .onRequest(methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    agentInfo: { name: 'scripted-agent', version: '1.0.0' },
    authMethods: [],
  }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: 'scripted-1' }))
  .onRequest(methods.agent.session.prompt, async (ctx) => {
    const { sessionId } = ctx.params;
    await update(ctx, sessionId, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'The file needs one change.' } });
    await update(ctx, sessionId, {
      sessionUpdate: 'plan',
      entries: [{ content: 'Edit greet.txt', priority: 'high', status: 'in_progress' }],
    });
    await update(ctx, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Editing greet.txt.' } });
    const diff = { type: 'diff', path: '/tmp/greet.txt', oldText: 'helo\n', newText: 'hello\n' };
    await update(ctx, sessionId, {
      sessionUpdate: 'tool_call',
      toolCallId: 'edit-1',
      title: 'Edit greet.txt',
      kind: 'edit',
      status: 'pending',
      content: [diff],
    });
    const answer = await ctx.client.request(methods.client.session.requestPermission, {
      sessionId,
      toolCall: { toolCallId: 'edit-1', title: 'Edit greet.txt', kind: 'edit' },
      options: [
        { optionId: 'yes', name: 'Allow once', kind: 'allow_once' },
        { optionId: 'no', name: 'Reject', kind: 'reject_once' },
      ],
    });
    const allowed = answer.outcome.outcome === 'selected' && answer.outcome.optionId === 'yes';
    await update(ctx, sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'edit-1', status: allowed ? 'completed' : 'failed' });
    await update(ctx, sessionId, { sessionUpdate: 'usage_update', used: 5000, size: 100000, cost: { amount: 0.002, currency: 'USD' } });
    await update(ctx, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: allowed ? 'Done.' : 'Not allowed.' } });
    return { stopReason: stop };
  })
  .onNotification(methods.agent.session.cancel, () => {});

await app.connect(stream).closed;
