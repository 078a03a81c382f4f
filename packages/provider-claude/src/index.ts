export { claudeSource, createClaudeSource } from './claude-source.js';
export { createClaudeParser } from './claude-parser.js';
export { detectClaude } from './detect.js';
export { claudeToolAliases } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
