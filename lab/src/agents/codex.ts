import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openAIResponses } from '../protocols/responses.js';
import type { ToolCall, ToolIntent } from '../step.js';
import type { AgentProfile } from './agent.js';

/** The model Codex is told it talks to: one its bundled model list knows, so that it offers its whole tool set. */
const MODEL = 'gpt-5.5';

/** A patch in the grammar Codex's `apply_patch` tool declares. */
function patch(body: string): ToolCall['input'] {
  return { input: `*** Begin Patch\n${body}*** End Patch\n` };
}

/** A command, in the shell tool this version offers: `exec_command` (0.1xx), `shell_command`, or `shell` with an argv. */
function commandCall(cmd: string, tools: readonly string[], id: string): ToolCall {
  if (tools.includes('exec_command')) return { id, name: 'exec_command', input: { cmd } };
  if (tools.includes('shell_command')) return { id, name: 'shell_command', input: { command: cmd } };
  return { id, name: 'shell', input: { command: ['bash', '-lc', cmd] } };
}

/** Codex's tools for each intent: a command for reading and searching, `apply_patch` for files, a server-side web search for a fetch. */
function callOf(intent: ToolIntent, tools: readonly string[], id: string): ToolCall | undefined {
  const exec = (cmd: string): ToolCall => commandCall(cmd, tools, id);
  switch (intent.kind) {
    case 'read':
      return exec(`cat ${intent.path}`);
    case 'shell':
      return exec(intent.command);
    case 'grep':
      return exec(`grep -rn '${intent.pattern}' .`);
    case 'glob':
      return exec(`find . -name '${intent.pattern.replace('**/', '')}'`);
    case 'write':
      if (!tools.includes('apply_patch')) return exec(`cat > ${intent.path} <<'EOF'\n${intent.content}EOF`);
      return { id, name: 'apply_patch', form: 'custom', input: patch(`*** Add File: ${intent.path}\n${intent.content.replace(/^/gm, '+').replace(/\+$/, '')}`) };
    case 'edit':
      if (!tools.includes('apply_patch')) return exec(`sed -i "s/${intent.old}/${intent.new}/" ${intent.path}`);
      return { id, name: 'apply_patch', form: 'custom', input: patch(`*** Update File: ${intent.path}\n@@\n-  return ${intent.old} + name;\n+  return ${intent.new} + name;\n`) };
    case 'fetch':
      return { id, name: 'web_search', form: 'server', input: { query: 'status page' } };
    case 'todo':
      return tools.includes('update_plan') ? { id, name: 'update_plan', input: { plan: intent.items.map((step, index) => ({ step, status: index === 0 ? 'in_progress' : 'pending' })) } } : undefined;
    case 'task':
      return tools.includes('spawn_agent') ? { id, name: 'spawn_agent', input: { message: intent.prompt } } : undefined;
  }
}

export const codex: AgentProfile = {
  id: 'codex',
  displayName: 'Codex',
  npmPackage: '@openai/codex',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'codex'),
  protocol: openAIResponses,
  makeCall: callOf,
  configure(place) {
    mkdirSync(join(place.home, '.codex'), { recursive: true });
    const config = [
      'model_provider = "lab"',
      `model = "${MODEL}"`,
      // Below the lab's usage (1500 input tokens a request): the resumed turn of a compaction scenario starts with a compaction.
      ...(place.compacts ? ['model_auto_compact_token_limit = 1000'] : []),
      '[model_providers.lab]',
      'name = "lab"',
      `base_url = "${place.serverUrl}/v1"`,
      'env_key = "LAB_API_KEY"',
      'wire_api = "responses"',
      'supports_websockets = false',
      'request_max_retries = 0',
      'stream_max_retries = 0',
    ];
    writeFileSync(join(place.home, '.codex', 'config.toml'), `${config.join('\n')}\n`);
  },
  invocation(scenario, place, resumeOf) {
    const sandbox = scenario.run?.ask ? ['--sandbox', 'read-only'] : ['--dangerously-bypass-approvals-and-sandbox'];
    // `--mode experimental-json`: 0.42's other JSONL form (`session.created`, `item_type`), which 0.44 made `--json`.
    const head = ['exec', place.mode === 'experimental-json' ? '--experimental-json' : '--json', '--skip-git-repo-check', ...sandbox];
    const args = resumeOf === undefined ? [...head, scenario.prompt] : [...head, 'resume', resumeOf, scenario.run?.resume ?? ''];
    return { args, env: { LAB_API_KEY: 'sk-lab-not-a-key', CODEX_HOME: join(place.home, '.codex') } };
  },
  sessionIdOf: (stdout) => /"thread_id":"([^"]+)"/.exec(stdout)?.[1],
  outputModes: { 'experimental-json': '.jsonl' },
  logDirs: ['.codex/sessions'],
  hasPartialMessages: false,
};
