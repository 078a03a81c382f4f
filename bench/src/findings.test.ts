import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

// `pnpm bench` writes docs/benchmarks.md as its latest run followed by FINDINGS.md
// (main.ts, writeDocs): a finding written into the docs alone would be lost at the next run.
describe('docs/benchmarks.md', () => {
  it('ends with bench/FINDINGS.md as it is', () => {
    const findings = readFileSync(join(BENCH_DIR, 'FINDINGS.md'), 'utf8').trimEnd();
    const docs = readFileSync(join(BENCH_DIR, '..', 'docs', 'benchmarks.md'), 'utf8').trimEnd();
    expect(docs.endsWith(findings)).toBe(true);
  });
});
