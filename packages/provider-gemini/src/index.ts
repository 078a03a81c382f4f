export { createGeminiSource, geminiSource, type GeminiSourceOptions } from './source.js';
export { createGeminiParser } from './parser.js';
export { detectGemini } from './detect.js';
export { createGeminiLogSource, geminiLogSource, type GeminiLogSourceOptions } from './log-source.js';
export { createGeminiLogParser } from './log-parser.js';
export { detectGeminiLog } from './log-detect.js';
export { GEMINI_TOOL_ALIASES } from './tool-names.js';
export { geminiSessionStore } from './session-store.js';
export { VERSION } from './version.js';
