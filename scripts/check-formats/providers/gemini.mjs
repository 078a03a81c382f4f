// check:formats for Gemini CLI (`gemini -p --output-format stream-json|json`).
//
// Every stream-json fixture line is assigned to `JsonStreamEvent`, and every
// `.json` document to `JsonOutput`, of @google/gemini-cli-core@0.61.0
// (dist/src/output/types.d.ts). The package has no `exports` map, so the
// types are imported by their path. The install brings the package's own
// dependencies, which `SessionMetrics` (telemetry/uiTelemetry.d.ts) needs.

export const fixturesFolder = 'gemini';

export const packages = ['@google/gemini-cli-core@0.61.0'];

/**
 * Lines that are deliberately not the official type, keyed `file:line`. They
 * test that the parser tolerates stderr mixed into stdout (gemini.md quirk 7),
 * event types newer than the types, and a line cut short.
 */
const deliberate = {
  'noise-and-unknown.jsonl:1': 'stderr log line "[STARTUP] ..." (quirk 7)',
  'noise-and-unknown.jsonl:2': 'stdout banner of old versions (quirk 7)',
  'noise-and-unknown.jsonl:4': 'stderr log line "[WARNING] ..." (quirk 7)',
  'noise-and-unknown.jsonl:6': 'an event type newer than JsonStreamEventType',
  'noise-and-unknown.jsonl:7': 'a line cut short',
  'noise-and-unknown.jsonl:9': 'stderr API error report line (quirk 7)',
  'noise-and-unknown.jsonl:10': 'foreign stderr text',
  'noise-and-unknown.jsonl:11': 'an event type newer than JsonStreamEventType',
};

/** Fixtures from CLI versions whose types differ from 0.61.0, and the type they follow. */
const lineTypes = {
  // v0.11.0 to v0.21: StreamStats without `cached`/`input` (v0.22.0) and `models` (v0.34.0), gemini.md quirk 2.
  'legacy-v0-11.jsonl': 'LegacyStreamLine',
};

export const exceptions = [
  `noise-and-unknown.jsonl lines ${Object.keys(deliberate).map((k) => k.split(':')[1]).join(', ')} are deliberately not JsonStreamEvent (stderr noise, unknown types, a cut line)`,
  'legacy-v0-11.jsonl follows the v0.11.0 StreamStats: cached, input and models are optional (gemini.md quirk 2)',
];

const header = `import type { JsonOutput, JsonStreamEvent, ResultEvent, StreamStats } from '@google/gemini-cli-core/dist/src/output/types.js';

// JSON carries no enums: \`type\` is the string value of JsonStreamEventType.
type Wire<T> = T extends { type: infer K extends string } ? Omit<T, 'type'> & { type: \`\${K}\` } : never;
type StreamLine = Wire<JsonStreamEvent>;

type LegacyStreamStats = Omit<StreamStats, 'cached' | 'input' | 'models'> & Partial<Pick<StreamStats, 'cached' | 'input' | 'models'>>;
type LegacyStreamLine = Exclude<StreamLine, { type: 'result' }> | (Omit<Wire<ResultEvent>, 'stats'> & { stats?: LegacyStreamStats });
`;

const identifier = (file, line) => `${file.replace(/[^A-Za-z0-9]/g, '_')}_L${line}`;

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function generate(fixtures) {
  const out = [header];
  for (const fixture of fixtures) {
    out.push(`\n// ${fixture.file}`);
    if (fixture.file.endsWith('.json')) {
      // --output-format json: one document over many lines (JSON.stringify(output, null, 2)).
      out.push(`export const ${identifier(fixture.file, 1)}: JsonOutput = ${fixture.text.trim()};`);
      continue;
    }
    const type = lineTypes[fixture.file] ?? 'StreamLine';
    for (const line of fixture.lines) {
      const key = `${fixture.file}:${line.number}`;
      const name = identifier(fixture.file, line.number);
      if (deliberate[key] !== undefined) {
        out.push(`// line ${line.number} skipped: ${deliberate[key]}`);
      } else if (!isJson(line.text)) {
        // A TypeScript error that names the line, rather than a crash of the generator.
        out.push(`export const ${name}: 'a JSON line' = 'line ${line.number} is not JSON and is not listed as deliberate';`);
      } else {
        out.push(`export const ${name}: ${type} = ${line.text};`);
      }
    }
  }
  return out.join('\n') + '\n';
}
