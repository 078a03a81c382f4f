// Written by `pnpm capture gemini` (lab/src/write-recording.ts): the newest Gemini CLI version recorded in fixtures/gemini/recorded/.
export const RECORDED_UP_TO = '0.61.0';
