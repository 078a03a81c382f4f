export { claudeSource, createClaudeSource } from './source.js';
export { createClaudeParser } from './parser.js';
export { detectClaude } from './detect.js';
export type { ClaudeSourceOptions } from './state.js';
export { claudeLogSource, createClaudeLogSource } from './log-source.js';
export { createClaudeLogParser } from './log-parser.js';
export { detectClaudeLog } from './log-detect.js';
export { CLAUDE_TOOL_ALIASES } from './tool-names.js';
export { VERSION } from './version.js';
