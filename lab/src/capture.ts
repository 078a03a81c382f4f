import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentProfile } from './agents/agent.js';
import { AGENTS } from './agents/index.js';
import { installAgent, resolveVersion } from './install.js';
import { normaliserFor } from './normalise.js';
import { runScenario } from './run-scenario.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { recordingDirs, writeRecordedVersion, writeScenario } from './write-recording.js';

const USAGE = `Usage: pnpm capture <agent> [--version <v>|latest] [--scenario <name>]

Installs that version of the agent's CLI from the npm registry into the lab's
cache (outside the repository), runs every scenario against a scripted model
server on 127.0.0.1 in a throwaway home, and writes what it printed and the
session logs it wrote into fixtures/<agent>/recorded/<version>/ and
fixtures/<agent>-log/recorded/<version>/, with provenance.json.

Agents: ${Object.keys(AGENTS).join(', ')}`;

/** The scenarios an agent runs: all of them but those needing a mode its CLI lacks. */
function scenariosFor(agent: AgentProfile, only: string | undefined): Scenario[] {
  return SCENARIOS.filter((scenario) => (only === undefined || scenario.name === only) && (scenario.run?.partial !== true || agent.hasPartialMessages));
}

async function capture(agent: AgentProfile, version: string, only: string | undefined): Promise<void> {
  const binary = installAgent(agent, version);
  const entries = [];
  for (const scenario of scenariosFor(agent, only)) {
    const recording = await runScenario(agent, binary, scenario);
    const { logs } = writeScenario(agent, version, recording);
    const normalise = normaliserFor(recording.place.home);
    entries.push({
      scenario: scenario.name,
      covers: scenario.covers,
      runs: recording.runs.map((run) => ({
        command: [agent.npmPackage.split('/').pop(), ...run.invocation.args.map(normalise)],
        env: Object.fromEntries(Object.entries(run.invocation.env).map(([key, value]) => [key, normalise(value).replace(/127\.0\.0\.1:\d+/, '127.0.0.1:<port>')])),
        exitCode: run.exitCode,
        signal: run.signal,
      })),
      requests: recording.requests.map((request) => `${request.method} ${request.url} -> ${request.answered}`),
      toolsOffered: recording.requests.find((request) => request.tools !== undefined)?.tools ?? [],
      logs,
    });
    const last = recording.runs[recording.runs.length - 1];
    console.log(`${agent.id} ${version} ${scenario.name}: exit ${last?.exitCode ?? last?.signal}, ${recording.requests.length} requests, ${logs.length} log files`);
  }
  const provenance = {
    agent: agent.displayName,
    package: `${agent.npmPackage}@${version}`,
    recordedAt: new Date().toISOString().slice(0, 10),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    server: `lab/src/protocols (${agent.protocol.name}) on 127.0.0.1, scripted by lab/src/scenarios.ts`,
    normalised: 'lab/src/normalise.ts: the throwaway home is /home/lab; host and user names replaced',
    scenarios: entries,
  };
  if (only === undefined) {
    writeFileSync(join(recordingDirs(agent, version).streams, 'provenance.json'), `${JSON.stringify(provenance, null, 2)}\n`);
    writeRecordedVersion(agent);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { version: { type: 'string', default: 'latest' }, scenario: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const agent = AGENTS[positionals[0] ?? ''];
  if (agent === undefined || positionals.length !== 1) {
    console.error(`capture: name one agent (${Object.keys(AGENTS).join(', ')}); pnpm capture --help says more.`);
    return 2;
  }
  await capture(agent, resolveVersion(agent, values.version ?? 'latest'), values.scenario);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`capture: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
