import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatCompletions } from '../protocols/chat.js';
import type { ToolCall, ToolIntent } from '../step.js';
import { compareVersions } from '../../../tooling/recorded.js';
import { labCacheDir, npmEnv } from '../install.js';
import type { AgentProfile, RunPlace } from './agent.js';

/** The lab's provider and model, as OpenCode names a model: `<provider>/<model>`. */
const MODEL = 'lab/lab-model';

/**
 * The first version whose `run` has `--format json`: 0.5.29, the newest 0.x, prints the last text part as
 * plain text, so an older version's stdout is kept beside its session files (lab/README.md, "Versions that
 * print plain text").
 */
const JSON_SINCE = '1.0.0';

/** The first version given `--thinking` (see the invocation). */
const THINKING_SINCE = '1.1.0';

/**
 * The oldest version recorded without `OPENCODE_DISABLE_DEFAULT_PLUGINS`. 1.0.0 installs its default plugins
 * (`opencode-copilot-auth`) with its own Bun at the start of every run, which fails here and ends the run before
 * any request; the versions between are untried, so 1.0.152 is a bound.
 */
const DEFAULT_PLUGINS_SINCE = '1.0.152';

/**
 * The provider package a version before {@link DEFAULT_PLUGINS_SINCE} is given: one of its own time. Such a
 * version installs `<package>@latest` into `~/.cache/opencode` (unless its package.json already names that
 * package at `latest`), and 1.0.0's AI SDK 5 fails on the latest one's usage (`[DecimalError] Invalid
 * argument: [object Object]`, after the answer).
 */
const OLDER_PROVIDER_PACKAGE = '@ai-sdk/openai-compatible@1.0.61';

/**
 * The first version on AI SDK 5 (its language models are `specificationVersion: "v2"`): 0.1.174 is on AI SDK 4
 * (`v1`), and is given {@link AI_SDK_4_PROVIDER_PACKAGE}, the last provider package of that SDK; the versions
 * between are untried, so 0.5.29 is a bound.
 */
const AI_SDK_5_SINCE = '0.5.29';
const AI_SDK_4_PROVIDER_PACKAGE = '@ai-sdk/openai-compatible@0.2.16';

/**
 * The first version that reads the global `opencode.json` and knows `small_model` and `share`: 0.1.174 reads
 * `~/.config/opencode/config.json` (and `opencode.json` only from the working folder up), and its strict schema
 * refuses both keys; the versions between are untried, so 0.5.29 is a bound.
 */
const OPENCODE_JSON_SINCE = '0.5.29';

/**
 * Puts the provider package of the version's time, installed once from the npm registry into the lab's cache,
 * where the CLI looks for its provider package.
 */
function seedProviderPackage(home: string, version: string): void {
  const spec = compareVersions(version, AI_SDK_5_SINCE) < 0 ? AI_SDK_4_PROVIDER_PACKAGE : OLDER_PROVIDER_PACKAGE;
  const cached = join(labCacheDir(), 'opencode', 'provider', spec.replace('/', '+'));
  if (!existsSync(join(cached, 'node_modules'))) {
    mkdirSync(cached, { recursive: true });
    execFileSync('npm', ['install', '--prefix', cached, '--no-audit', '--no-fund', '--loglevel=error', '--no-save', spec], { stdio: 'inherit', env: npmEnv() });
  }
  const target = join(home, '.cache', 'opencode');
  cpSync(join(cached, 'node_modules'), join(target, 'node_modules'), { recursive: true });
  writeFileSync(join(target, 'package.json'), JSON.stringify({ dependencies: { '@ai-sdk/openai-compatible': 'latest' } }));
  // The cache's version as 1.0.0 writes it (its CACHE_VERSION): another empties the folder at the start.
  writeFileSync(join(target, 'version'), '9');
}

/**
 * What a version before {@link DEFAULT_PLUGINS_SINCE} needs to start: no default plugins, and the
 * machine's CA certificates for the Bun that installs the provider package (1.0.0's Bun 1.3.0 does not
 * read the system's store, and fails with SELF_SIGNED_CERT_IN_CHAIN where the registry is reached through
 * a TLS proxy).
 */
function olderRunEnv(): Record<string, string> {
  const certificates = process.env.NODE_EXTRA_CA_CERTS;
  return { OPENCODE_DISABLE_DEFAULT_PLUGINS: '1', ...(certificates === undefined ? {} : { NODE_EXTRA_CA_CERTS: certificates }) };
}

/** OpenCode's data folder under the throwaway home (`$XDG_DATA_HOME/opencode`, XDG_DATA_HOME unset). */
const DATA = '.local/share/opencode';

/**
 * The session a 0.x run left (it prints no id): the one info file under
 * `project/<project>/storage/session/info/`, where 0.x keeps each project's sessions.
 */
function sessionInHome(home: string): string | undefined {
  const projects = join(home, DATA, 'project');
  if (!existsSync(projects)) return undefined;
  for (const project of readdirSync(projects)) {
    const info = join(projects, project, 'storage', 'session', 'info');
    const names = existsSync(info) ? readdirSync(info).filter((name) => name.endsWith('.json')) : [];
    if (names[0] !== undefined) return names[0].replace(/\.json$/, '');
  }
  return undefined;
}

/** OpenCode's tools for each intent, with the inputs its tool schemas name (camelCase paths). */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string }): ToolCall | undefined {
  const path = (relative: string) => join(place.work, relative);
  switch (intent.kind) {
    case 'read':
      return { id, name: 'read', input: { filePath: path(intent.path) } };
    case 'write':
      return { id, name: 'write', input: { filePath: path(intent.path), content: intent.content } };
    case 'edit':
      return { id, name: 'edit', input: { filePath: path(intent.path), oldString: intent.old, newString: intent.new } };
    case 'shell':
      return { id, name: 'bash', input: { command: intent.command, description: 'Run a command' } };
    case 'grep':
      return { id, name: 'grep', input: { pattern: intent.pattern } };
    case 'glob':
      return { id, name: 'glob', input: { pattern: intent.pattern } };
    case 'fetch':
      return tools.includes('webfetch') ? { id, name: 'webfetch', input: { url: `${place.serverUrl}${intent.path}`, format: 'text' } } : undefined;
    case 'todo':
      return tools.includes('todowrite')
        ? { id, name: 'todowrite', input: { todos: intent.items.map((content, index) => ({ id: String(index + 1), content, status: index === 0 ? 'in_progress' : 'pending', priority: 'high' })) } }
        : undefined;
    case 'task':
      return tools.includes('task') ? { id, name: 'task', input: { description: intent.description, prompt: intent.prompt, subagent_type: 'general' } } : undefined;
  }
}

/**
 * `~/.config/opencode/opencode.json`: the lab as an OpenAI-compatible
 * provider (the provider package is installed from the npm registry at the
 * first run), for the model and the small model (titles), with nothing that
 * reaches another host: no update check, no sharing, no models.dev fetch
 * (`OPENCODE_DISABLE_MODELS_FETCH`).
 */
function configure(place: RunPlace): void {
  const dir = join(place.home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    provider: {
      lab: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Lab',
        options: { baseURL: `${place.serverUrl}/v1`, apiKey: 'sk-lab-not-a-key' },
        models: { 'lab-model': { name: 'Lab model', tool_call: true, reasoning: true } },
      },
    },
    model: MODEL,
    autoupdate: false,
  };
  // Before OPENCODE_JSON_SINCE sharing is `autoshare`, off when left out, and titles use the model.
  const current = compareVersions(place.version, OPENCODE_JSON_SINCE) >= 0;
  const file = current ? 'opencode.json' : 'config.json';
  writeFileSync(join(dir, file), JSON.stringify(current ? { ...config, small_model: MODEL, share: 'disabled' } : config, null, 2));
  if (compareVersions(place.version, DEFAULT_PLUGINS_SINCE) < 0) seedProviderPackage(place.home, place.version);
}

/**
 * Merged into the resumed run's configuration in a compaction scenario: a
 * context window the first answer's usage (the lab's 1,800 input tokens)
 * already fills, so the resumed run compacts before it answers. Only the
 * resumed run: OpenCode also checks each answer's usage as it ends, and the
 * first run would compact after every answer without end.
 */
const COMPACTING_CONFIG = { provider: { lab: { models: { 'lab-model': { limit: { context: 1000, output: 100 } } } } } };

export const opencode: AgentProfile = {
  id: 'opencode',
  displayName: 'OpenCode',
  npmPackage: 'opencode-ai',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'opencode'),
  protocol: chatCompletions,
  makeCall: callOf,
  configure,
  needs: [{ program: 'rg', why: 'without it its grep and glob tools download ripgrep from github.com; the lab reaches only 127.0.0.1 (apt-get install ripgrep)' }],
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    // `--thinking` adds the reasoning parts to the JSON events, which leave them out by default. 1.0.152 refuses it
    // (it prints its usage and exits 1) and 1.1.65 has it; the versions between are untried, so 1.1.0 is a guess.
    const thinking = compareVersions(place.version, THINKING_SINCE) >= 0 ? ['--thinking'] : [];
    const format = compareVersions(place.version, JSON_SINCE) >= 0 ? ['--format', 'json'] : [];
    const args = ['run', ...format, ...thinking, '-m', MODEL];
    if (resumeOf !== undefined) args.push('--session', resumeOf);
    args.push(prompt);
    const env: Record<string, string> = { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_SHARE: '1' };
    // A command must be asked for, and `run` has no one to ask: the call is refused (1.0 instead draws a prompt on
    // standard output and waits for an answer until the lab's timeout).
    if (compareVersions(place.version, DEFAULT_PLUGINS_SINCE) < 0) Object.assign(env, olderRunEnv());
    if (scenario.run?.ask) env.OPENCODE_PERMISSION = JSON.stringify({ bash: 'ask' });
    if (place.compacts && resumeOf !== undefined) env.OPENCODE_CONFIG_CONTENT = JSON.stringify(COMPACTING_CONFIG);
    return { args, env };
  },
  sessionIdOf: (stdout, home) => /"sessionID":"([^"]+)"/.exec(stdout)?.[1] ?? sessionInHome(home),
  streamsSince: JSON_SINCE,
  // 0.x keeps JSON files under project/<project>/storage/; 1.0 and 1.1 under storage/; 1.2+ an SQLite database
  // with its write-ahead log beside it.
  logDirs: [`${DATA}/project`, `${DATA}/storage`, `${DATA}/opencode.db`, `${DATA}/opencode.db-wal`],
  hasPartialMessages: false,
  // The model comes from opencode.json; `OPENCODE_PERMISSION` (the refused command) makes it ask the ACP client.
  acpArgs: () => ['acp'],
};
