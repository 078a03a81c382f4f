import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentProfile } from './agents/agent.js';
import { AGENTS } from './agents/index.js';
import { addShapes, recordingFiles, type Shapes, sequenceOf, unreadOf } from './compare.js';
import { resolveVersion } from './install.js';
import { recordVersion } from './record.js';
import { FIXTURES, recordingDirs } from './write-recording.js';
import { checkNeeds } from './needs.js';

const USAGE = `Usage: pnpm drift [agent ...]

Records the latest version of each agent (all of them by default) into a
temporary folder and compares it with the newest recording in fixtures/: line
types and fields not seen before, lines xview cannot read, and scenarios whose
events changed. Prints one table; exits 1 when anything is unknown or new.
Needs the built xview (pnpm build).`;

/** One row of the table. */
interface DriftRow {
  agent: string;
  recorded: string;
  latest: string;
  newTypes: string[];
  newFields: string[];
  unread: string[];
  changed: string[];
}

const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function shapesOf(dirs: readonly string[]): Shapes {
  const shapes: Shapes = new Map();
  for (const dir of dirs) for (const file of recordingFiles(dir)) addShapes(file, shapes);
  return shapes;
}

function compareShapes(before: Shapes, after: Shapes): { newTypes: string[]; newFields: string[] } {
  const newTypes = [...after.keys()].filter((key) => !before.has(key)).sort();
  const newFields = [...after].flatMap(([key, fields]) => (before.has(key) ? [...fields].filter((field) => !before.get(key)?.has(field)).map((field) => `${key}.${field}`) : [])).sort();
  return { newTypes, newFields };
}

async function driftOf(agent: AgentProfile): Promise<DriftRow> {
  const recorded = readdirSync(join(FIXTURES, agent.id, 'recorded')).sort(byVersion).at(-1) ?? '(none)';
  const latest = resolveVersion(agent, 'latest');
  const root = mkdtempSync(join(tmpdir(), 'x-drift-'));
  try {
    await recordVersion(agent, latest, { root });
    const old = recordingDirs(agent, recorded);
    const fresh = recordingDirs(agent, latest, root);
    const shapes = compareShapes(shapesOf([old.streams, old.logs]), shapesOf([fresh.streams, fresh.logs]));
    const unread = [fresh.streams, fresh.logs].flatMap(recordingFiles).flatMap((file) => unreadOf(file, agent.xviewPlugins).reasons.map((reason) => `${relative(root, file)}: ${reason}`));
    const changed = recordingFiles(fresh.streams)
      .map((file) => relative(fresh.streams, file))
      .filter((name) => JSON.stringify(sequenceOf(join(fresh.streams, name), agent.xviewPlugins)) !== JSON.stringify(sequenceOf(join(old.streams, name), agent.xviewPlugins)));
    return { agent: agent.id, recorded, latest, ...shapes, unread: [...new Set(unread)], changed };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function printTable(rows: readonly DriftRow[]): void {
  const head = ['agent', 'recorded', 'latest', 'new line types', 'new fields', 'unread lines', 'changed scenarios'];
  const cells = rows.map((row) => [row.agent, row.recorded, row.latest, String(row.newTypes.length), String(row.newFields.length), String(row.unread.length), String(row.changed.length)]);
  const widths = head.map((title, index) => Math.max(title.length, ...cells.map((cell) => (cell[index] ?? '').length)));
  for (const line of [head, ...cells]) console.log(line.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  '));
  for (const row of rows) {
    const details = [...row.newTypes.map((t) => `new line type ${t}`), ...row.newFields.map((f) => `new field ${f}`), ...row.unread.map((u) => `unread: ${u}`), ...row.changed.map((c) => `changed: ${c}`)];
    if (details.length > 0) console.log(`\n${row.agent} ${row.latest}:\n${details.map((d) => `  ${d}`).join('\n')}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const unknownAgent = positionals.find((id) => AGENTS[id] === undefined);
  if (unknownAgent !== undefined) {
    console.error(`drift: no agent "${unknownAgent}" (${Object.keys(AGENTS).join(', ')}).`);
    return 2;
  }
  const agents = (positionals.length > 0 ? positionals : Object.keys(AGENTS)).map((id) => AGENTS[id] as AgentProfile);
  // Before any CLI is installed or run: a program missing for the last agent should not cost the others' minutes first.
  for (const agent of agents) checkNeeds(agent);
  const rows: DriftRow[] = [];
  for (const agent of agents) rows.push(await driftOf(agent));
  printTable(rows);
  return rows.some((row) => row.newTypes.length > 0 || row.unread.length > 0) ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`drift: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
