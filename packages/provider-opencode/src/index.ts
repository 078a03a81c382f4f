export { createOpenCodeSource, openCodeSource } from './source.js';
export { createOpenCodeParser } from './parser.js';
export { detectOpenCode } from './detect.js';
export { createOpenCodeLogSource, openCodeLogSource } from './log-source.js';
export { createOpenCodeLogParser } from './log-parser.js';
export { detectOpenCodeLog } from './log-detect.js';
export { OPENCODE_TOOL_ALIASES } from './tool-names.js';
export { storageToExport, type OpenCodeExport, type OpenCodeExportMessage } from './storage-export.js';
export { VERSION } from './version.js';
