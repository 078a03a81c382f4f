import { describe, expect, it } from 'vitest';
import { normaliserFor } from './normalise.js';

describe('normaliserFor', () => {
  it('replaces the throwaway home in every form the agents write it, and the host name as a word', () => {
    const normalise = normaliserFor('/tmp/x-lab-Ab12', { host: 'build-box-7', user: 'alice', labCache: '/home/alice/.cache/x-lab' });
    const text = '{"cwd":"/tmp/x-lab-Ab12/project","dir":".claude/projects/-tmp-x-lab-Ab12-project","host":"build-box-7","who":"alice","note":"alicedoes"}';
    expect(normalise(text)).toBe('{"cwd":"/home/lab/project","dir":".claude/projects/-home-lab-project","host":"lab-host","who":"lab","note":"alicedoes"}');
  });

  it('replaces the home written relative to / (OpenCode 1.18 titles a call with the path from the root)', () => {
    const normalise = normaliserFor('/tmp/x-lab-LNNixz', { host: 'vm', user: 'root', labCache: '/root/.cache/x-lab' });
    const text = '"filepath":"/tmp/x-lab-LNNixz/project/NOTES.md","title":"tmp/x-lab-LNNixz/project/NOTES.md"';
    expect(normalise(text)).toBe('"filepath":"/home/lab/project/NOTES.md","title":"home/lab/project/NOTES.md"');
  });

  it('leaves everything else as it is', () => {
    const normalise = normaliserFor('/tmp/x-lab-Zz99', { host: 'vm', user: 'root', labCache: '/root/.cache/x-lab' });
    const text = '{"timestamp":"2026-11-28T06:23:09.120Z","id":"msg_1","path":"/tmp/other","vm":"root"}';
    expect(normalise(text)).toBe(text);
  });

  it('replaces the folder the CLI was installed in (the lab cache, in the home of whoever records) in stack traces and module paths', () => {
    const normalise = normaliserFor('/tmp/x-lab-Qq11', { host: 'vm', user: 'root', labCache: '/root/.cache/x-lab' });
    const text = 'Error: 500\n    at f (/root/.cache/x-lab/gemini/0.61.0/node_modules/@google/gemini-cli/bundle/gemini.js:1:2)\n    at g (/tmp/x-lab-Qq11/project/a.js:3:4)';
    expect(normalise(text)).toBe('Error: 500\n    at f (/opt/x-lab/gemini/0.61.0/node_modules/@google/gemini-cli/bundle/gemini.js:1:2)\n    at g (/home/lab/project/a.js:3:4)');
  });
});
