export { gooseSource } from './goose-source.js';
export { detectGoose } from './detect.js';
export { gooseToolAliases } from './tool-names.js';
export type {
  GooseCompleteEvent,
  GooseErrorEvent,
  GooseMessage,
  GooseMessageEvent,
  GooseNotificationEvent,
  GooseStreamEvent,
  GooseToolCall,
  GooseToolResult,
} from './wire-schema.js';
