// Written by `pnpm capture copilot` (lab/src/write-recording.ts): the newest GitHub Copilot CLI version recorded in fixtures/copilot/recorded/.
export const RECORDED_UP_TO = '1.0.102';
