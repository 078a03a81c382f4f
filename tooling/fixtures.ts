import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's `fixtures/` folder. */
export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** A recorded wire stream and where its expected files live. */
export interface Fixture {
  provider: string;
  scenario: string;
  /** The wire stream file (`.jsonl`, `.json` or `.sse`). */
  streamPath: string;
  /** `<scenario>.events.json`: the exact expected events. */
  eventsPath: string;
  /** `<scenario>.output.txt`: the golden `DisplayOutput`. */
  outputPath: string;
}

const STREAM_EXTENSIONS = ['.jsonl', '.json', '.sse'];

function isStream(file: string): boolean {
  if (file.endsWith('.events.json')) return false;
  return STREAM_EXTENSIONS.some((ext) => file.endsWith(ext));
}

/** Every fixture of one provider, sorted by scenario name. */
export function listFixtures(provider: string): Fixture[] {
  const dir = join(FIXTURES_DIR, provider);
  return readdirSync(dir)
    .filter(isStream)
    .sort()
    .map((file) => {
      const scenario = file.slice(0, file.lastIndexOf('.'));
      return {
        provider,
        scenario,
        streamPath: join(dir, file),
        eventsPath: join(dir, `${scenario}.events.json`),
        outputPath: join(dir, `${scenario}.output.txt`),
      };
    });
}

/** An example stream of `fixtures/<provider>/examples/`: no expected files, used to test `detect`. */
export interface ExampleStream {
  provider: string;
  /** `<provider>/<file>`, for test names. */
  name: string;
  path: string;
}

/**
 * The example streams of one provider, or of every provider. They sit in an
 * `examples/` subfolder so that `listFixtures` (which reads only files) never
 * expects them to have `.events.json` or golden files.
 */
export function listExamples(provider?: string): ExampleStream[] {
  const providers = provider === undefined ? listFixtureProviders() : [provider];
  return providers.flatMap((name) => {
    const dir = join(FIXTURES_DIR, name, 'examples');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter(isStream)
      .sort()
      .map((file) => ({ provider: name, name: `${name}/${file}`, path: join(dir, file) }));
  });
}

/** Every provider that has a fixtures folder. */
export function listFixtureProviders(): string[] {
  return readdirSync(FIXTURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The lines of a fixture's stream (LF or CRLF), blank lines included. */
export function readFixtureLines(fixture: Fixture): string[] {
  return readFileSync(fixture.streamPath, 'utf8').split(/\r?\n/);
}

/** The fixture stream as bytes, for pipeline and chunking tests. */
export function readFixtureBytes(fixture: Fixture): Uint8Array {
  return new Uint8Array(readFileSync(fixture.streamPath));
}
