export { startServer, type ServeHandle, type ServeOptions } from './server.js';
export { SERVE_CSP, STATIC_CSP } from './page-shell.js';
export { staticListHtml, writeStaticSessionPage } from './static-site.js';
export { STATIC_SEARCH_MAX_BYTES, staticSearchHtml } from './static-search.js';
export { VERSION } from './version.js';
