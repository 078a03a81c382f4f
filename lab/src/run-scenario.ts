import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AgentProfile, Invocation, RunPlace } from './agents/agent.js';
import { type LabServer, startLabServer } from './lab-server.js';
import type { Scenario } from './scenarios.js';
import { startTlsFront } from './tls-front.js';

/** What one run of the CLI printed, and how it ended. */
export interface RunResult {
  invocation: Invocation;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  /** What the run's recording is named after the scenario's: `.compact` for a run whose only prompt compacts the session; the first run none, a resumed one `.resume` when left out. */
  suffix?: string;
}

/** A scenario's whole recording: its runs (two for a resumed session), the server's log, and the place it ran in. */
export interface ScenarioRecording {
  scenario: Scenario;
  place: RunPlace;
  runs: RunResult[];
  requests: LabServer['log'];
}

const RUN_TIMEOUT_MS = 180_000;

function seed(work: string, files: Record<string, string> = {}): void {
  mkdirSync(work, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
}

/** Runs the CLI once; interrupts it with SIGINT once the server has stalled a stream, when the scenario says so. */
function runOnce(binary: string, invocation: Invocation, place: RunPlace, server: LabServer, interrupt: boolean): Promise<RunResult> {
  // Only what a shell would hand it: no proxy, no token, nothing of this machine's user.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: place.home, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', ...invocation.env, ...(place.caFile === undefined ? {} : { NODE_EXTRA_CA_CERTS: place.caFile }) };
  // In a process group of its own, signalled as a whole, as a terminal signals its foreground job: a CLI
  // whose binary is a Node launcher of the real one (OpenCode ≤1.1) would otherwise leave that one running.
  const child = spawn(binary, invocation.args, { cwd: place.work, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const killer = setTimeout(() => signalGroup('SIGKILL'), RUN_TIMEOUT_MS);
  // Ctrl-C a second after the stream stalls, and again every 3 seconds while the CLI runs (as a user presses it
  // again when the first press only cancels the request).
  const interrupter = { nextAt: undefined as number | undefined };
  const watcher = interrupt
    ? setInterval(() => {
        if (interrupter.nextAt === undefined && server.log.some((entry) => entry.answered === 'stall')) interrupter.nextAt = Date.now() + 1000;
        if (interrupter.nextAt !== undefined && Date.now() >= interrupter.nextAt) {
          signalGroup('SIGINT');
          interrupter.nextAt += 3000;
        }
      }, 100)
    : undefined;
  return new Promise((resolve) => {
    child.on('close', (exitCode, signal) => {
      clearTimeout(killer);
      if (watcher !== undefined) clearInterval(watcher);
      resolve({ invocation, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), exitCode, signal });
    });
  });
}

/** Sets up a scenario's throwaway home and working folder and its lab server, configures the agent as its profile does, and runs `body` there. */
async function inPlace<T>(agent: AgentProfile, version: string, scenario: Scenario, body: (place: RunPlace, server: LabServer) => Promise<T>, mode?: string): Promise<T> {
  const home = mkdtempSync(join(tmpdir(), 'x-lab-'));
  const work = join(home, 'project');
  seed(work, scenario.files);
  const protocol = agent.protocolFor?.(version) ?? agent.protocol;
  const server = await startLabServer({ protocol, scenario, makeCall: agent.makeCall, work, version, modelList: agent.modelList?.(version) });
  const hosts = agent.fixedHosts?.(version) ?? [];
  const front = hosts.length > 0 ? await startTlsFront(hosts, home, server.handler).catch(async (error: unknown) => {
    await server.close();
    throw error;
  }) : undefined;
  const place: RunPlace = { version, home, work, serverUrl: server.url, caFile: front?.caFile, ...(mode === undefined ? {} : { mode }), ...(scenario.compaction === undefined ? {} : { compacts: true }) };
  agent.configure(place);
  try {
    return await body(place, server);
  } finally {
    await front?.close();
    await server.close();
  }
}

/** Runs one scenario end to end in a throwaway home, against a lab server of its own, in the CLI's streaming mode or `mode`. */
export function runScenario(agent: AgentProfile, binary: string, version: string, scenario: Scenario, mode?: string): Promise<ScenarioRecording> {
  return inPlace(agent, version, scenario, async (place, server) => {
    const first = await runOnce(binary, agent.invocation(scenario, place), place, server, scenario.run?.interrupt === true);
    const runs = [first];
    const sessionId = agent.sessionIdOf(first.stdout, place.home);
    if (scenario.run?.resume !== undefined && sessionId !== undefined && (agent.resumes?.(version) ?? true)) {
      const compactPrompt = scenario.compaction === undefined ? undefined : agent.compactPrompt?.(version);
      if (compactPrompt !== undefined) {
        const compacting = { ...scenario, run: { ...scenario.run, resume: compactPrompt } };
        runs.push({ ...(await runOnce(binary, agent.invocation(compacting, place, sessionId), place, server, false)), suffix: '.compact' });
      }
      runs.push(await runOnce(binary, agent.invocation(scenario, place, sessionId), place, server, false));
    }
    return { scenario, place, runs, requests: server.log };
  }, mode);
}

/** The built xview (`pnpm build`): its `acp` command is the ACP client that drives the agent and records the traffic. */
export const XVIEW = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'bin.cjs');

/** An ACP run: the run of `xview acp` (what it printed, its exit code), and the traffic it recorded, both directions. */
export interface AcpScenarioRecording extends ScenarioRecording {
  traffic: string;
}

/**
 * Runs one scenario with the agent started as an ACP agent (its profile's
 * `acpArgs`), in the same throwaway home, configuration and environment as a
 * plain run, driven by `xview acp --record`: one `session/prompt` with the
 * scenario's prompt, permission requests allowed (refused for a scenario
 * whose call must be refused).
 */
export function runAcpScenario(agent: AgentProfile, binary: string, version: string, scenario: Scenario): Promise<AcpScenarioRecording> {
  const acpArgs = agent.acpArgs;
  if (acpArgs === undefined) throw new Error(`${agent.displayName} does not speak ACP natively`);
  if (!existsSync(XVIEW)) throw new Error(`${XVIEW} is not built: pnpm build first`);
  return inPlace(agent, version, scenario, async (place, server) => {
    // Beside the working folder, not in it: the agent never lists it.
    const record = join(place.home, 'acp-traffic.jsonl');
    const { env } = agent.invocation(scenario, place);
    const answer = scenario.run?.ask === true ? '--deny' : '--allow';
    const args = [XVIEW, 'acp', '--record', record, answer, '-m', scenario.prompt, '--', binary, ...acpArgs(place)];
    const run = await runOnce(process.execPath, { args, env }, place, server, false);
    return { scenario, place, runs: [run], requests: server.log, traffic: existsSync(record) ? readFileSync(record, 'utf8') : '' };
  });
}
