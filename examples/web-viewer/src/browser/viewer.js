// The browser side of the viewer: it listens to the server's event stream and
// hands each DisplayEvent to @x/renderer-html's DOM renderer. The server bundles
// this file with everything it imports into the one module the page loads.
import { displayEventSchema } from '@x/core';
import { createDomRenderer } from '@x/renderer-html';

const transcript = /** @type {HTMLElement} */ (document.querySelector('#transcript'));
const status = /** @type {HTMLElement} */ (document.querySelector('#status'));
const fixture = document.body.dataset.fixture ?? '';

/** @type {import('@x/core').Renderer | undefined} */
let renderer;
let shown = 0;
let rejected = 0;

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
  // Events crossed the network: check them against the contract before rendering.
  const parsed = displayEventSchema.safeParse(JSON.parse(message.data));
  if (!parsed.success || renderer === undefined) {
    rejected += 1;
    return;
  }
  renderer.write(parsed.data);
  shown += 1;
  status.dataset.events = String(shown);
});

stream.addEventListener('end', (message) => {
  stream.close();
  renderer?.end();
  /** @type {{ status: string }} */
  const end = JSON.parse(message.data);
  setStatus('done', `${shown} events, run ended: ${end.status}${rejected > 0 ? `, ${rejected} rejected` : ''}`);
});

// EventSource reconnects after a dropped connection and the server would
// replay from the start: show the failure instead of the run twice.
stream.addEventListener('error', () => {
  stream.close();
  renderer?.end();
  setStatus('failed', 'The connection to the server was lost.');
});
