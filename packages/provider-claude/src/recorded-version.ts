// Written by `pnpm capture claude` (lab/src/write-recording.ts): the newest Claude Code version recorded in fixtures/claude/recorded/.
export const RECORDED_UP_TO = '2.1.332';
