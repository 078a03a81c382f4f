export { codexSource, createCodexSource } from './codex-source.js';
export { detectCodex } from './detect.js';
export { codexLogSource, createCodexLogSource } from './log-source.js';
export { detectCodexLog } from './log-detect.js';
export { CODEX_TOOL_ALIASES } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
