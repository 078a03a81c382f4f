export { createTerminalRenderer, type TerminalRendererOptions, type TerminalRenderMode } from './terminal-renderer.js';
export { toolMarker, toolGlyph } from './tool-marker.js';
export { neutralizeForTerminal, sanitizeText, sanitizeLine, type TerminalLayout } from './sanitize.js';
export { shouldUseColor, type ColorEnv } from './color-support.js';
export { VERSION } from './version.js';
