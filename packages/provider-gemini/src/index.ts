export { createGeminiSource, geminiSource, type GeminiSourceOptions } from './gemini-source.js';
export { detectGemini } from './detect.js';
export { createGeminiLogSource, geminiLogSource, type GeminiLogSourceOptions } from './log-source.js';
export { detectGeminiLog } from './log-detect.js';
export { geminiToolAliases } from './tool-names.js';
export * from './wire-schema.js';
export { VERSION } from './version.js';
