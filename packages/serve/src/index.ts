export { startServer, type ServeHandle, type ServeOptions } from './server.js';
export { SERVE_CSP, STATIC_CSP } from './page-shell.js';
export { staticListHtml, writeStaticSessionPage } from './static-site.js';
export { VERSION } from './version.js';
