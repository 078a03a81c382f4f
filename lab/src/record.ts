import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { compareVersions } from '../../tooling/recorded.js';
import type { AgentProfile } from './agents/agent.js';
import { installAgent } from './install.js';
import { checkNeeds } from './needs.js';
import { normaliserFor } from './normalise.js';
import { runAcpScenario, runScenario, XVIEW } from './run-scenario.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { acpRecordingDir, FIXTURES, recordedName, recordingDirs, writeAcpScenario, writeRecordedVersion, writeScenario } from './write-recording.js';

/** Whether this version of the agent's CLI has a partial-message mode. */
function hasPartialMessages(agent: AgentProfile, version: string): boolean {
  return agent.hasPartialMessages && (agent.partialMessagesSince === undefined || compareVersions(version, agent.partialMessagesSince) >= 0);
}

/** The scenarios a version of an agent runs: all of them but those needing a mode its CLI lacks. */
export function scenariosFor(agent: AgentProfile, version: string, only?: string): Scenario[] {
  return SCENARIOS.filter((scenario) => (only === undefined || scenario.name === only) && (scenario.run?.partial !== true || hasPartialMessages(agent, version)));
}

/** What provenance.json says of one scenario. */
type ProvenanceEntry = Record<string, unknown>;

async function recordScenario(agent: AgentProfile, binary: string, scenario: Scenario, version: string, root: string, mode?: string): Promise<ProvenanceEntry> {
  const recording = await runScenario(agent, binary, version, scenario, mode);
  const { logs } = writeScenario(agent, version, recording, root);
  const normalise = normaliserFor(recording.place.home);
  const last = recording.runs[recording.runs.length - 1];
  const name = recordedName(scenario.name, mode);
  console.log(`${agent.id} ${version} ${name}: exit ${last?.exitCode ?? last?.signal}, ${recording.requests.length} requests, ${logs.length} log files`);
  return {
    scenario: name,
    covers: scenario.covers,
    runs: recording.runs.map((run) => ({
      command: [agent.npmPackage.split('/').pop(), ...run.invocation.args.map(normalise)],
      env: Object.fromEntries(Object.entries(run.invocation.env).map(([key, value]) => [key, normalise(value).replace(/127\.0\.0\.1:\d+/, '127.0.0.1:<port>')])),
      exitCode: run.exitCode,
      signal: run.signal,
    })),
    requests: recording.requests.map((request) => `${request.method} ${request.url} -> ${request.answered}`),
    toolsOffered: recording.requests.find((request) => (request.tools?.length ?? 0) > 0)?.tools ?? [],
    logs,
  };
}

/**
 * Puts a scenario recorded again on its own into the version's provenance.json, in
 * place of the entry of the run it replaces (whose log files are gone), with the
 * day it was recorded; a version recorded whole is left to its whole run.
 */
export function replaceProvenanceEntry(file: string, entry: ProvenanceEntry): void {
  if (!existsSync(file)) return;
  const provenance = JSON.parse(readFileSync(file, 'utf8')) as { scenarios: ProvenanceEntry[] };
  const recordedAt = new Date().toISOString().slice(0, 10);
  const known = provenance.scenarios.some((old) => old.scenario === entry.scenario);
  // A scenario recorded in another output mode (`plain-answer~json`) is added the first time.
  provenance.scenarios = known ? provenance.scenarios.map((old) => (old.scenario === entry.scenario ? { ...entry, recordedAt } : old)) : [...provenance.scenarios, { ...entry, recordedAt }];
  writeFileSync(file, `${JSON.stringify(provenance, null, 2)}\n`);
}

/**
 * Records one version of an agent: installs it (once), runs every scenario
 * (or `only`), and writes the recordings under `root`. A whole run into the
 * repository's fixtures also writes provenance.json and the provider's
 * recorded version; a run of one scenario replaces that scenario's entry in it.
 * A run in another output mode (`mode`) adds or replaces its scenarios'
 * `<scenario>~<mode>` entries (a version with no provenance yet gets one with
 * those entries alone), and leaves the recorded version alone.
 */
export async function recordVersion(agent: AgentProfile, version: string, options: { root?: string; only?: string; mode?: string } = {}): Promise<void> {
  checkNeeds(agent);
  const root = options.root ?? FIXTURES;
  const binary = installAgent(agent, version);
  const entries: ProvenanceEntry[] = [];
  for (const scenario of scenariosFor(agent, version, options.only)) entries.push(await recordScenario(agent, binary, scenario, version, root, options.mode));
  const provenanceFile = join(recordingDirs(agent, version, root).streams, 'provenance.json');
  // A version recorded in another mode only (Codex 0.42's --experimental-json) gets a provenance of its own.
  if ((options.only !== undefined || options.mode !== undefined) && (options.mode === undefined || existsSync(provenanceFile))) {
    for (const entry of entries) replaceProvenanceEntry(provenanceFile, entry);
    return;
  }
  const provenance = {
    agent: agent.displayName,
    package: `${agent.npmPackage}@${version}`,
    recordedAt: new Date().toISOString().slice(0, 10),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    server: `lab/src/protocols (${(agent.protocolFor?.(version) ?? agent.protocol).name}) on 127.0.0.1${(agent.fixedHosts?.(version) ?? []).map((host) => `, and ${host} on 127.0.0.1:443 (lab/src/tls-front.ts)`).join('')}, scripted by lab/src/scenarios.ts`,
    normalised: 'lab/src/normalise.ts: the throwaway home is /home/lab, the lab cache the CLI was installed in /opt/x-lab; host and user names replaced',
    scenarios: entries,
  };
  writeFileSync(provenanceFile, `${JSON.stringify(provenance, null, 2)}\n`);
  if (root === FIXTURES && options.mode === undefined) writeRecordedVersion(agent);
}

/**
 * The scenarios an agent runs over ACP: one prompt each, so neither a resumed
 * session (xview acp sends one prompt) nor an interrupted one (it has no
 * `session/cancel` to send), nor partial messages (ACP streams chunks anyway).
 */
export function acpScenariosFor(only?: string): Scenario[] {
  return SCENARIOS.filter((scenario) => (only === undefined || scenario.name === only) && scenario.run?.resume === undefined && scenario.run?.interrupt !== true && scenario.run?.partial !== true);
}

async function recordAcpScenario(agent: AgentProfile, binary: string, scenario: Scenario, version: string, root: string): Promise<ProvenanceEntry> {
  const recording = await runAcpScenario(agent, binary, version, scenario);
  const file = writeAcpScenario(agent, version, recording, root);
  const normalise = normaliserFor(recording.place.home);
  const run = recording.runs[0];
  const lines = recording.traffic.split('\n').filter((line) => line.trim() !== '').length;
  console.log(`${agent.id} ${version} ${scenario.name} over ACP: exit ${run?.exitCode ?? run?.signal}, ${recording.requests.length} requests, ${lines} ACP messages`);
  // The command as one would type it: the built xview and the CLI by their names, the recording by the file it became.
  const args = (run?.invocation.args ?? []).slice(1).map((arg, index, all) => {
    if (all[index - 1] === '--record') return basename(file);
    if (arg === binary) return agent.npmPackage.split('/').pop() ?? arg;
    return normalise(arg);
  });
  return {
    scenario: scenario.name,
    covers: scenario.covers,
    command: ['xview', ...args],
    env: Object.fromEntries(Object.entries(run?.invocation.env ?? {}).map(([key, value]) => [key, normalise(value).replace(/127\.0\.0\.1:\d+/, '127.0.0.1:<port>')])),
    exitCode: run?.exitCode,
    signal: run?.signal,
    messages: lines,
    requests: recording.requests.map((request) => `${request.method} ${request.url} -> ${request.answered}`),
  };
}

/**
 * Records one version of an agent that speaks ACP natively, driven by
 * `xview acp --record` (the built CLI) over the agent's standard input and
 * output, against the same lab server and throwaway home as a plain run; the
 * traffic goes to fixtures/acp/recorded/<agent>/<version>/. A whole run also
 * writes provenance.json there.
 */
export async function recordAcpVersion(agent: AgentProfile, version: string, options: { root?: string; only?: string } = {}): Promise<void> {
  if (agent.acpArgs === undefined) throw new Error(`${agent.displayName} does not speak ACP natively (agents that do: gemini, opencode, qwen)`);
  checkNeeds(agent);
  const root = options.root ?? FIXTURES;
  const binary = installAgent(agent, version);
  const entries: ProvenanceEntry[] = [];
  for (const scenario of acpScenariosFor(options.only)) entries.push(await recordAcpScenario(agent, binary, scenario, version, root));
  if (options.only !== undefined) return;
  const provenance = {
    agent: agent.displayName,
    package: `${agent.npmPackage}@${version}`,
    recordedAt: new Date().toISOString().slice(0, 10),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    client: `xview acp (${relative(join(root, '..'), XVIEW)}, @agentclientprotocol/sdk): initialize, session/new, one session/prompt; no client capabilities`,
    server: `lab/src/protocols (${agent.protocol.name}) on 127.0.0.1, scripted by lab/src/scenarios.ts`,
    normalised: 'lab/src/normalise.ts: the throwaway home is /home/lab, the lab cache the CLI was installed in /opt/x-lab; host and user names replaced',
    scenarios: entries,
  };
  writeFileSync(join(acpRecordingDir(agent, version, root), 'provenance.json'), `${JSON.stringify(provenance, null, 2)}\n`);
}
