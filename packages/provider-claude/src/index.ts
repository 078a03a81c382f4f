export { claudeSource, createClaudeSource } from './claude-source.js';
export { createClaudeParser } from './claude-parser.js';
export { detectClaude } from './detect.js';
export { claudeLogSource, createClaudeLogSource } from './log-source.js';
export { createClaudeLogParser } from './log-parser.js';
export { detectClaudeLog } from './log-detect.js';
export { claudeToolAliases } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
