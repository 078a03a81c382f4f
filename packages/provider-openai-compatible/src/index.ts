export { createOpenAICompatibleSource, openAICompatibleSource, type OpenAICompatibleSourceOptions } from './source.js';
export { createOpenAICompatibleParser } from './parser.js';
export { detectOpenAICompatible } from './detect.js';
export { OPENAI_COMPATIBLE_TOOL_ALIASES } from './tool-names.js';
// Package extras: translate a response an app already holds as a value.
export { translateChatCompletion, translateResponse } from './translate.js';
export { VERSION } from './version.js';
