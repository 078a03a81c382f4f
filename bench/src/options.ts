import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATORS } from './generators/index.js';
import { RECORDED_GENERATORS } from './generators/recorded.js';
import { HOSTILE_SHAPES } from './hostile.js';
import { MB } from './report.js';

const PROVIDER_STREAMS = ['claude', 'codex', 'gemini', 'opencode', 'copilot', 'openai-compatible'];
/** The end-to-end part's streams: every provider's synthetic stream, then every real shape. */
const E2E_STREAMS = [...PROVIDER_STREAMS, ...RECORDED_GENERATORS.map((g) => g.id)];

const OPTIONS = {
  smoke: { type: 'boolean', default: false },
  'size-mb': { type: 'string' },
  reps: { type: 'string' },
  streams: { type: 'string' },
  'memory-sizes-mb': { type: 'string' },
  'memory-streams': { type: 'string' },
  'memory-reps': { type: 'string' },
  'site-sizes-mb': { type: 'string' },
  'no-site': { type: 'boolean', default: false },
  'no-memory': { type: 'boolean', default: false },
  'no-hostile': { type: 'boolean', default: false },
  'hostile-shapes': { type: 'string' },
  'hostile-scale': { type: 'string' },
  'no-throughput': { type: 'boolean', default: false },
  'e2e-sizes-mb': { type: 'string' },
  'e2e-streams': { type: 'string' },
  'e2e-runs': { type: 'string' },
  'no-e2e': { type: 'boolean', default: false },
  docs: { type: 'string' },
  cli: { type: 'string' },
  from: { type: 'string' },
  'no-docs': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

function printHelp(): void {
  process.stdout.write(`x-bench: @x against the floor of splitting lines and JSON.parse

  --smoke                  seconds, not minutes: 1 MB per stream, 1 repetition, small memory and end-to-end checks; writes no docs
  --size-mb <n>            stream size per provider (default 100)
  --reps <n>               repetitions, the median is reported (default 5)
  --streams <a,b>          only these streams (${GENERATORS.map((g) => g.id).join(', ')})
  --memory-sizes-mb <a,b>  input sizes of the xview memory check (default 100,1000)
  --memory-reps <n>        runs of xview per size and mode, the median peak is compared (default 3)
  --site-sizes-mb <a,b>    log sizes of the xview site memory check (default 300,1000)
  --memory-streams <a,b>   streams of the memory check (default every provider: ${PROVIDER_STREAMS.join(',')})
  --hostile-shapes <a,b>   hostile memory shapes (default all: ${HOSTILE_SHAPES.map((h) => h.id).join(', ')})
  --hostile-scale <x>      size of the hostile shapes, 1 = the issue's sizes (default 1; smoke 0.001)
  --e2e-sizes-mb <a,b>     input sizes of the end-to-end part, the smallest for start-up alone (default 0.01,1,100; smoke 0.01,0.5)
  --e2e-streams <a,b>      streams of the end-to-end part (default every provider and every real shape; smoke claude,claude-recorded)
  --e2e-runs <n>           runs of each start-up command, the best is reported (default 20; smoke 1)
  --no-memory, --no-hostile, --no-site, --no-throughput, --no-e2e   skip a part
  --cli <bin.cjs>          the xview build the memory and end-to-end parts run (default: @x/cli's dist/bin.cjs)
  --from <file.json>       report a saved run again (each run saves to the temp dir) instead of measuring
  --docs <file>            where the report goes (default docs/benchmarks.md); --no-docs writes none
`);
}

const list = (text: string | undefined, fallback: string[]) =>
  text === undefined
    ? fallback
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

function checkStreams(ids: readonly string[]): void {
  for (const id of ids)
    if (!GENERATORS.some((g) => g.id === id)) throw new Error(`unknown stream "${id}"; choose from ${GENERATORS.map((g) => g.id).join(', ')}`);
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** The memory and hostile-memory parts' options. */
function memoryOptions(values: Values, smoke: boolean) {
  return {
    memory: !values['no-memory'],
    memorySizes: list(values['memory-sizes-mb'], smoke ? ['2'] : ['100', '1000']).map((s) => Math.round(Number(s) * MB)),
    memoryStreams: list(values['memory-streams'], smoke ? ['claude'] : PROVIDER_STREAMS),
    memoryReps: Number(values['memory-reps'] ?? (smoke ? 1 : 3)),
    hostile: !values['no-hostile'],
    hostileShapes: list(
      values['hostile-shapes'],
      HOSTILE_SHAPES.map((h) => h.id),
    ),
    hostileScale: Number(values['hostile-scale'] ?? (smoke ? 0.001 : 1)),
    site: !values['no-site'],
    siteSizes: list(values['site-sizes-mb'], smoke ? ['2'] : ['300', '1000']).map((s) => Math.round(Number(s) * MB)),
  };
}

/** The end-to-end part's options. */
function endToEndOptions(values: Values, smoke: boolean) {
  return {
    e2e: !values['no-e2e'],
    e2eSizes: list(values['e2e-sizes-mb'], smoke ? ['0.01', '0.5'] : ['0.01', '1', '100']).map((s) => Math.round(Number(s) * MB)),
    e2eStreams: list(values['e2e-streams'], smoke ? ['claude', 'claude-recorded'] : E2E_STREAMS),
    e2eRuns: Number(values['e2e-runs'] ?? (smoke ? 1 : 20)),
  };
}

/** The bench's command line; `docsFile` is where the report goes unless told otherwise. */
export function parseOptions(docsFile: string) {
  const { values } = parseArgs({ options: OPTIONS });
  if (values.help) {
    printHelp();
    process.exit(0);
  }
  const smoke = values.smoke;
  const streams = list(
    values.streams,
    GENERATORS.map((g) => g.id),
  );
  const options = {
    smoke,
    sizeBytes: Math.round(Number(values['size-mb'] ?? (smoke ? 1 : 100)) * MB),
    reps: Number(values.reps ?? (smoke ? 1 : 5)),
    streams,
    throughput: !values['no-throughput'],
    ...memoryOptions(values, smoke),
    ...endToEndOptions(values, smoke),
    cli: values.cli === undefined ? undefined : resolve(values.cli),
    from: values.from === undefined ? undefined : resolve(values.from),
    docs: values['no-docs'] || (smoke && values.docs === undefined) ? undefined : resolve(values.docs ?? docsFile),
    // The per-line sample: the first lines of each stream, in order.
    perLineBytes: smoke ? 1 * MB : 16 * MB,
  };
  checkStreams([...streams, ...options.e2eStreams]);
  return options;
}

/** The bench's options, as parsed. */
export type BenchOptions = ReturnType<typeof parseOptions>;
