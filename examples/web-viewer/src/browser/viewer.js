// The browser side of the viewer: it listens to the server's event stream and
// hands each DisplayEvent to @x/renderer-html's DOM renderer. The server bundles
// this file with everything it imports into the one module the page loads.
import { createDomRenderer } from '@x/renderer-html';
import { readNetworkEvent } from './network-event.js';

const transcript = /** @type {HTMLElement} */ (document.querySelector('#transcript'));
const status = /** @type {HTMLElement} */ (document.querySelector('#status'));
const fixture = document.body.dataset.fixture ?? '';

/** @type {import('@x/core').Renderer | undefined} */
let renderer;
let shown = 0;
let rejected = 0;
let newer = 0;

/**
 * @param {'streaming' | 'done' | 'failed'} state
 * @param {string} text
 */
function setStatus(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

const stream = new EventSource(`/events?fixture=${encodeURIComponent(fixture)}`);

stream.addEventListener('source', (message) => {
  /** @type {{ id: string, displayName: string }} */
  const source = JSON.parse(message.data);
  // The page ships the transcript stylesheet as a file: its policy allows no inline style.
  renderer = createDomRenderer(transcript, { provider: source.displayName, stylesheet: false });
  setStatus('streaming', `Replaying a ${source.displayName} run…`);
});

stream.addEventListener('message', (message) => {
  // Events crossed the network: check them against the contract before rendering,
  // letting a kind from a newer server through as skipped rather than rejected.
  const read = readNetworkEvent(message.data);
  if ('skipped' in read && read.skipped === 'newer-kind') {
    newer += 1;
    return;
  }
  if (!('event' in read) || renderer === undefined) {
    rejected += 1;
    return;
  }
  renderer.write(read.event);
  shown += 1;
  status.dataset.events = String(shown);
});

stream.addEventListener('end', (message) => {
  stream.close();
  renderer?.end();
  /** @type {{ status: string }} */
  const end = JSON.parse(message.data);
  const skipped = newer > 0 ? `, ${newer} of a newer kind skipped` : '';
  setStatus('done', `${shown} events, run ended: ${end.status}${rejected > 0 ? `, ${rejected} rejected` : ''}${skipped}`);
});

// EventSource reconnects after a dropped connection and the server would
// replay from the start: show the failure instead of the run twice.
stream.addEventListener('error', () => {
  stream.close();
  renderer?.end();
  setStatus('failed', 'The connection to the server was lost.');
});
