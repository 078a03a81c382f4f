import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude } from './agents/claude.js';
import { codex } from './agents/codex.js';
import { replaceProvenanceEntry, scenariosFor } from './record.js';

describe('replaceProvenanceEntry', () => {
  it("replaces only the entry of the scenario recorded again, with that day's date, and keeps the rest", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'x-lab-test-')), 'provenance.json');
    const old = { agent: 'Claude Code', recordedAt: '2026-01-01', scenarios: [{ scenario: 'plain-answer', logs: ['a.jsonl'] }, { scenario: 'partial-messages', logs: ['gone.jsonl'] }] };
    writeFileSync(file, JSON.stringify(old));
    replaceProvenanceEntry(file, { scenario: 'partial-messages', logs: ['new.jsonl'] });
    const today = new Date().toISOString().slice(0, 10);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      agent: 'Claude Code',
      recordedAt: '2026-01-01',
      scenarios: [{ scenario: 'plain-answer', logs: ['a.jsonl'] }, { scenario: 'partial-messages', logs: ['new.jsonl'], recordedAt: today }],
    });
  });

  it('writes nothing for a version that has no provenance yet (its whole run writes it)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'x-lab-test-')), 'provenance.json');
    replaceProvenanceEntry(file, { scenario: 'plain-answer' });
    expect(() => readFileSync(file)).toThrow();
  });
});

describe('scenariosFor', () => {
  const names = (agent: typeof claude, version: string) => scenariosFor(agent, version).map((scenario) => scenario.name);

  it('skips the partial-message scenario for a Claude Code older than --include-partial-messages, and runs the rest', () => {
    expect(names(claude, '1.0.108')).not.toContain('partial-messages');
    expect(names(claude, '1.0.108')).toContain('resumed');
    expect(names(claude, '1.0.109')).toContain('partial-messages');
    expect(names(claude, '2.1.332')).toContain('partial-messages');
  });

  it('never runs it for a CLI without a partial-message mode', () => {
    expect(names(codex, '0.171.0')).not.toContain('partial-messages');
  });
});
