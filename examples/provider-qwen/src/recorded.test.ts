import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_LOGS } from '../test/expected-logs.js';
import { EXPECTED_STREAMS } from '../test/expected-streams.js';
import { brief, logs, streams, versions } from '../test/recordings.js';
import { qwenLogSource, qwenSource } from './index.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/*
 * Every recording of the capture lab (fixtures/), replayed: no line unknown,
 * partial or malformed, and the events those listed in test/expected-*.ts,
 * read by hand from each recording (one short line per event, see `brief`).
 */

const noSurprise = { malformed: 0, unknown: 0, unexplained: 0, partial: 0 };

describe('recorded Qwen Code versions', () => {
  it('the newest recorded version is the one the sources are tested up to', () => {
    expect(versions().at(-1)).toBe(RECORDED_UP_TO);
    expect(versions()).toEqual(['0.8.2', '0.15.10', '0.24.4']);
  });

  it('has an expectation for every recording, and a recording for every expectation', () => {
    expect(streams().map((s) => `${s.version}/${s.name}`).sort()).toEqual(Object.keys(EXPECTED_STREAMS).sort());
    expect(logs().map((l) => `${l.version}/${l.name}`).sort()).toEqual(Object.keys(EXPECTED_LOGS).sort());
  });
});

describe.each(streams())('stdout $version $name', ({ version, name, text }) => {
  it('replays to the events read from it by hand, with no unknown, partial or malformed line', () => {
    const { events, accounting } = replayLines(qwenSource, text.split('\n'));
    expect(accounting).toMatchObject(noSurprise);
    expect(events.map(brief)).toEqual(EXPECTED_STREAMS[`${version}/${name}`]);
  });
});

describe.each(logs())('session log $version $name', ({ version, name, text }) => {
  it('replays to the events read from it by hand, with no unknown, partial or malformed line', () => {
    const { events, accounting } = replayLines(qwenLogSource, text.split('\n'));
    expect(accounting).toMatchObject(noSurprise);
    expect(events.map(brief)).toEqual(EXPECTED_LOGS[`${version}/${name}`]);
  });
});
