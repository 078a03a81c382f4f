export { qwenSource } from './source.js';
export { qwenLogSource } from './log-source.js';
export { detectQwen } from './detect.js';
export { detectQwenLog } from './log-detect.js';
export { qwenToolAliases } from './tool-names.js';
export { qwenSessionStore } from './session-store.js';
