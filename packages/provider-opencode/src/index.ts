export { createOpenCodeSource, openCodeSource } from './opencode-source.js';
export { createOpenCodeLogSource, openCodeLogSource } from './log-source.js';
export { detectOpenCodeLog } from './log-detect.js';
export { storageToExport, type OpenCodeExport, type OpenCodeExportMessage } from './storage-export.js';
export { createOpenCodeParser } from './opencode-parser.js';
export { detectOpenCode } from './detect.js';
export { OPENCODE_TOOL_ALIASES } from './tool-names.js';
export {
  busEventSchema,
  busSessionStatusSchema,
  displayedPartSchema,
  globalEventSchema,
  reasoningPartSchema,
  runJsonLineSchema,
  sessionErrorSchema,
  stepFinishPartSchema,
  stepStartPartSchema,
  textPartSchema,
  tokensSchema,
  toolPartSchema,
  toolStateSchema,
} from './wire-schema.js';
export type { BusEvent, RunJsonLine, SessionError, ToolState } from './wire-schema.js';
export { VERSION } from './version.js';
