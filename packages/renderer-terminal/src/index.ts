export { createTerminalRenderer, type TerminalRendererOptions, type TerminalRenderMode } from './terminal-renderer.js';
export { toolMarker, toolGlyph } from './tool-marker.js';
export { sanitizeText, sanitizeLine } from './sanitize.js';
export { shouldUseColor, type ColorEnv } from './color-support.js';
export { VERSION } from './version.js';
