export { createOpenCodeSource, openCodeSource } from './opencode-source.js';
export { createOpenCodeParser } from './opencode-parser.js';
export { detectOpenCode } from './detect.js';
export { frameLine, type FramedLine } from './framing.js';
export { OPENCODE_TOOL_ALIASES } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
