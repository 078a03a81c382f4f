/**
 * The app's one script, served from this origin (the CSP allows no inline
 * script). It is small enough to write out: `/` focuses the search box, `j`
 * and `k` move between turns, and a session page that is still being written
 * follows its log over server-sent events, resuming at the byte position the
 * server gave (EventSource sends it back as Last-Event-ID on a reconnect).
 * The HTML it inserts is rendered and escaped by the server.
 */
export const APP_SCRIPT = `'use strict';
(function () {
  function typing(target) {
    return target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
  }
  function moveTurn(step) {
    var turns = Array.prototype.slice.call(document.querySelectorAll('section.turn[id]'));
    if (turns.length === 0) return;
    var current = turns.findIndex(function (t) { return t.getBoundingClientRect().top > 1; });
    var at = current < 0 ? turns.length : current;
    var next = step > 0 ? at : at - 2;
    if (step > 0 && turns[at] && turns[at].getBoundingClientRect().top < 2) next = at + 1;
    var target = turns[Math.max(0, Math.min(turns.length - 1, next))];
    target.scrollIntoView();
    history.replaceState(null, '', '#' + target.id);
  }
  document.addEventListener('keydown', function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (event.key === '/') {
      var box = document.querySelector('input[type=search]');
      if (box) { event.preventDefault(); box.focus(); }
    } else if (event.key === 'j') { moveTurn(1); }
    else if (event.key === 'k') { moveTurn(-1); }
  });
  function follow() {
    var live = document.getElementById('x-live');
    if (!live || !window.EventSource) return;
    var source = new EventSource(live.getAttribute('data-src'));
    source.addEventListener('events', function (message) {
      var holder = document.createElement('div');
      holder.className = 'x-live-batch';
      holder.innerHTML = message.data;
      live.appendChild(holder);
    });
    source.addEventListener('notice', function (message) {
      var note = document.createElement('p');
      note.className = 'notice info';
      note.textContent = message.data;
      live.appendChild(note);
    });
  }
  function progress() {
    var bar = document.getElementById('x-progress');
    if (!bar) return;
    var timer = setInterval(function () {
      fetch(document.body.getAttribute('data-base') + '/search/progress').then(function (r) { return r.json(); }).then(function (p) {
        bar.textContent = p.failure ? 'The index could not be updated: ' + p.failure : p.indexing ? 'Indexing: ' + p.done + ' of ' + p.total + ' sessions' : 'Index up to date: ' + p.total + ' sessions';
        if (!p.indexing) clearInterval(timer);
      }).catch(function () { clearInterval(timer); });
    }, 1000);
  }
  document.addEventListener('DOMContentLoaded', function () { follow(); progress(); });
})();
`;

/** The app's style beside the transcript's: the bar, the list, the tabs, the diffs. */
export const APP_CSS = `.x-bar{display:flex;gap:1em;align-items:center;padding:.5em 1em;border-bottom:1px solid #8884}
.x-bar form{flex:1}.x-bar input{width:100%;max-width:40em;padding:.3em}
.x-filters{display:flex;flex-wrap:wrap;gap:.5em;margin:.5em 0}.x-filters label{display:flex;gap:.3em;align-items:center}
table.x-list{border-collapse:collapse;width:100%}table.x-list td,table.x-list th{padding:.2em .5em;text-align:left;border-bottom:1px solid #8882}
table.x-list th,table.x-list td:not(:nth-child(3)){white-space:nowrap;word-break:normal;overflow-wrap:normal}
.x-running{color:#2a7;font-weight:bold}.x-tabs{display:flex;gap:1em;margin:.5em 0}.x-tabs a[aria-current]{font-weight:bold}
.x-compaction{border-top:3px dashed #c80;margin:1em 0;padding-top:.3em;color:#c80}
.x-diff{font-family:monospace;white-space:pre-wrap;overflow-x:auto}.x-diff .add{background:#2a73}.x-diff .remove{background:#c443}.x-diff .hunk{color:#888}
mark{background:#fd4;color:#000}.x-hit{margin:.5em 0}.x-turns td{padding:.1em .6em}
`;
