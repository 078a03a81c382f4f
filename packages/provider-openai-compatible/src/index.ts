export { createOpenAICompatibleSource, openaiCompatibleSource } from './openai-compatible-source.js';
export { createChatCompletionParser, type ChatCompletionParser } from './chat-completion-parser.js';
export { detectChatCompletion } from './detect.js';
export { translateChatCompletion } from './translate.js';
export { OPENAI_COMPATIBLE_TOOL_ALIASES, resolveOpenAICompatibleToolName } from './tool-names.js';
export { completionUsageSchema, errorObjectSchema, type CompletionUsage, type ErrorObject } from './wire-schema.js';
export { VERSION } from './version.js';
