export { startServer, type ServeHandle, type ServeOptions } from './server.js';
export { SERVE_CSP } from './page-shell.js';
export { VERSION } from './version.js';
