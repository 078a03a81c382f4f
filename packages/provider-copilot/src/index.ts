export { copilotSource, createCopilotSource } from './copilot-source.js';
export { detectCopilot } from './detect.js';
export { copilotLogSource, createCopilotLogSource } from './log-source.js';
export { detectCopilotLog } from './log-detect.js';
export { COPILOT_TOOL_ALIASES, resolveCopilotTool, type CopilotToolIdentity } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
