import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { compareVersions } from '../../tooling/recorded.js';
import type { AgentProfile } from './agents/agent.js';
import { type Normaliser, normaliserFor } from './normalise.js';
import type { AcpScenarioRecording, ScenarioRecording } from './run-scenario.js';

/** The repository's fixtures folder (lab/dist/ or lab/src/ → ../../fixtures). */
export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** Whether this version prints plain text instead of the stream the provider reads (its profile's `streamsSince`). */
export function printsPlainText(agent: AgentProfile, version: string): boolean {
  return agent.streamsSince !== undefined && compareVersions(version, agent.streamsSince) < 0;
}

/**
 * Where a version's recordings go under a fixtures folder (the repository's,
 * or `pnpm drift`'s temporary one): its stdout streams, and its session logs.
 * A version that prints plain text keeps its stdout (and provenance.json)
 * beside its logs, so that the provider's replay of every recorded stream
 * never reads it.
 */
export function recordingDirs(agent: AgentProfile, version: string, root = FIXTURES): { streams: string; logs: string } {
  const logs = join(root, `${agent.id}-log`, 'recorded', version);
  return { streams: printsPlainText(agent, version) ? logs : join(root, agent.id, 'recorded', version), logs };
}

/** The files under a log folder, or the log file itself (OpenCode's database is one file beside others that are no log). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    // Lock files say only that the CLI was running.
    .filter((path) => statSync(path).isFile() && !path.endsWith('.lock'));
}

/**
 * Runs `normalise` again over every text file of the recordings under `root`
 * (`<agent>/recorded/`, `<agent>-log/recorded/`, `acp/recorded/`), and returns
 * the files it changed. A file that is not UTF-8 text (OpenCode's database) is
 * left as it is, as when it was recorded.
 */
export function renormaliseRecordings(normalise: Normaliser, root = FIXTURES): string[] {
  const changed: string[] = [];
  for (const entry of readdirSync(root)) {
    for (const file of filesUnder(join(root, entry, 'recorded'))) {
      const bytes = readFileSync(file);
      const text = bytes.toString('utf8');
      if (bytes.includes(0) || !Buffer.from(text, 'utf8').equals(bytes)) continue;
      const after = normalise(text);
      if (after === text) continue;
      writeFileSync(file, after);
      changed.push(relative(root, file));
    }
  }
  return changed;
}

/**
 * The extension a run's stdout is written under: its mode's (`--mode`), else
 * `.stdout.txt` for a version that prints plain text, else the profile's for
 * the version (`.json` for one JSON document), else `.jsonl`.
 */
function streamExtension(agent: AgentProfile, version: string, mode: string | undefined): string {
  if (mode !== undefined) return agent.outputModes?.[mode] ?? '.json';
  if (printsPlainText(agent, version)) return '.stdout.txt';
  return agent.stdoutExtension?.(version) ?? '.jsonl';
}

/** The name a scenario's recording is kept under: its own, with `~<mode>` for a mode other than the stream (`plain-answer~json`). */
export function recordedName(scenario: string, mode: string | undefined): string {
  return mode === undefined ? scenario : `${scenario}~${mode}`;
}

/**
 * Writes one scenario's recording, normalised: each run's stdout and stderr,
 * and every session log the CLI wrote. A run in another output mode (`--mode`)
 * writes its stdout as `<scenario>~<mode>.json` (`.jsonl` for a mode that
 * prints lines) and no session log: the log is the one the stream run of the
 * same scenario wrote.
 */
export function writeScenario(agent: AgentProfile, version: string, recording: ScenarioRecording, root = FIXTURES): { logs: string[] } {
  const normalise = normaliserFor(recording.place.home);
  const dirs = recordingDirs(agent, version, root);
  const mode = recording.place.mode;
  const name = recordedName(recording.scenario.name, mode);
  mkdirSync(dirs.streams, { recursive: true });
  const extension = streamExtension(agent, version, mode);
  recording.runs.forEach((run, index) => {
    const base = join(dirs.streams, `${name}${run.suffix ?? (index === 0 ? '' : '.resume')}`);
    writeFileSync(`${base}${extension}`, normalise(run.stdout));
    if (run.stderr !== '') writeFileSync(`${base}.stderr.txt`, normalise(run.stderr));
    else rmSync(`${base}.stderr.txt`, { force: true });
  });
  if (mode !== undefined) return { logs: [] };
  const logRoot = join(dirs.logs, name);
  rmSync(logRoot, { recursive: true, force: true });
  const logs: string[] = [];
  for (const logDir of agent.logDirs) {
    for (const file of filesUnder(join(recording.place.home, logDir))) {
      const target = join(logRoot, normalise(relative(recording.place.home, file)));
      mkdirSync(dirname(target), { recursive: true });
      const bytes = readFileSync(file);
      // A database (OpenCode's SQLite) is copied as it is: its pages cannot be rewritten as text.
      writeFileSync(target, bytes.includes(0) ? bytes : normalise(bytes.toString('utf8')));
      logs.push(relative(root, target));
    }
  }
  return { logs };
}

/** Where a version's ACP recordings go: fixtures/acp/recorded/<agent>/<version>/. */
export function acpRecordingDir(agent: AgentProfile, version: string, root = FIXTURES): string {
  return join(root, 'acp', 'recorded', agent.id, version);
}

/** Writes one ACP scenario's recording, normalised: the traffic `xview acp --record` saved, and what xview wrote to standard error (the agent's own lines among it). */
export function writeAcpScenario(agent: AgentProfile, version: string, recording: AcpScenarioRecording, root = FIXTURES): string {
  const normalise = normaliserFor(recording.place.home);
  const dir = acpRecordingDir(agent, version, root);
  mkdirSync(dir, { recursive: true });
  const base = join(dir, recording.scenario.name);
  writeFileSync(`${base}.jsonl`, normalise(recording.traffic));
  const stderr = recording.runs[0]?.stderr ?? '';
  if (stderr !== '') writeFileSync(`${base}.stderr.txt`, normalise(stderr));
  else rmSync(`${base}.stderr.txt`, { force: true });
  return relative(root, `${base}.jsonl`);
}

/** Numeric order of dotted versions (`0.89.0` < `0.171.0`). */
const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Writes the provider's `src/recorded-version.ts`: the newest version recorded
 * in fixtures/<agent>/recorded/, which the provider declares as `testedUpTo`.
 * The recording sets it, never a hand.
 */
export function writeRecordedVersion(agent: AgentProfile): void {
  const newest = readdirSync(join(FIXTURES, agent.id, 'recorded')).sort(byVersion).at(-1);
  const file = join(FIXTURES, '..', agent.recordedVersionFile ?? join('packages', `provider-${agent.id}`, 'src', 'recorded-version.ts'));
  const text = `// Written by \`pnpm capture ${agent.id}\` (lab/src/write-recording.ts): the newest ${agent.displayName} version recorded in fixtures/${agent.id}/recorded/.\nexport const RECORDED_UP_TO = '${newest}';\n`;
  writeFileSync(file, text);
}
