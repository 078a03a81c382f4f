// Written by `pnpm capture opencode` (lab/src/write-recording.ts): the newest OpenCode version recorded in fixtures/opencode/recorded/.
export const RECORDED_UP_TO = '1.18.33';
