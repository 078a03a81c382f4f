export { codexSource, createCodexSource, type CodexSourceOptions } from './source.js';
export { createCodexParser } from './parser.js';
export { detectCodex } from './detect.js';
export { codexLogSource, createCodexLogSource } from './log-source.js';
export { createCodexLogParser } from './log-parser.js';
export { detectCodexLog } from './log-detect.js';
export { CODEX_TOOL_ALIASES } from './tool-names.js';
export { codexSessionStore } from './session-store.js';
export { VERSION } from './version.js';
