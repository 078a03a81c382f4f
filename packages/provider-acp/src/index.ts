export { acpSource, createAcpSource, ACP_PROTOCOL_VERSION } from './source.js';
export { createAcpParser } from './parser.js';
export { detectAcp } from './detect.js';
export { ACP_TOOL_ALIASES } from './tool-names.js';
export { VERSION } from './version.js';
