// Written by `pnpm capture codex` (lab/src/write-recording.ts): the newest Codex version recorded in fixtures/codex/recorded/.
export const RECORDED_UP_TO = '0.171.0';
