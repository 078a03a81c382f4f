// Written by `pnpm capture qwen` (lab/src/write-recording.ts): the newest Qwen Code version recorded in fixtures/qwen/recorded/.
export const RECORDED_UP_TO = '0.24.4';
