export { copilotSource, createCopilotSource } from './source.js';
export { createCopilotParser } from './parser.js';
export { detectCopilot } from './detect.js';
export type { CopilotSourceOptions } from './state.js';
export { copilotLogSource, createCopilotLogSource } from './log-source.js';
export { createCopilotLogParser } from './log-parser.js';
export { detectCopilotLog } from './log-detect.js';
export { COPILOT_TOOL_ALIASES } from './tool-names.js';
export { VERSION } from './version.js';
