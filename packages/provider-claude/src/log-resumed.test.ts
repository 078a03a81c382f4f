import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeLogSource } from './log-source.js';

// Issue #30: a transcript belongs to the session that wrote its later lines, as its file name says.
const sessions = (lines: string[]) =>
  replayLines(claudeLogSource, lines).events.flatMap((event) => (event.kind === 'session' ? [[event.phase, event.sessionId]] : []));

describe('a resumed Claude session log', () => {
  it('ends under the session that wrote its later lines, when its first lines are an earlier session copied in', () => {
    const fixture = listFixtures('claude-log').find((candidate) => candidate.scenario === 'synthetic-resumed');
    if (fixture === undefined) throw new Error('no synthetic-resumed fixture');
    // The start comes with the first assistant line, a copied one: only the end can name the later session.
    expect(sessions(readFixtureLines(fixture))).toEqual([
      ['start', 'd9f13780-7086-4846-b30d-966389bbb1d8'],
      ['end', '57f6f27a-f714-44de-a160-29f6de7bfd73'],
    ]);
  });

  it.each(['2.0.77', '2.1.100', '2.1.332'])('Claude Code %s, recorded: resumed into the same file, the session is the file name’s', (version) => {
    const dir = join(FIXTURES_DIR, 'claude-log', 'recorded', version, 'resumed', '.claude', 'projects', '-home-lab-project');
    const [file] = readdirSync(dir).filter((name) => !name.startsWith('agent-') && readFileSync(join(dir, name), 'utf8') !== '');
    const id = basename(file as string, '.jsonl');
    expect(sessions(readFileSync(join(dir, file as string), 'utf8').split('\n'))).toEqual([
      ['start', id],
      ['end', id],
    ]);
  });
});
