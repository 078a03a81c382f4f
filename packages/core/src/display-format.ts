import type { SessionStatus } from './display-event.js';

/*
 * How every @x surface writes a run's figures for a person: the terminal
 * footer, the HTML summary and `xview --summary` call these, so that one run
 * reads the same everywhere. Numbers are formatted by hand rather than with
 * Intl so that the text is byte-for-byte the same in Node and in every
 * browser, whatever the locale.
 */

/** An integer with comma thousands separators: `31520` is `31,520`. A value that is not a finite number is written as JavaScript writes it. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(n)));
  // From 1e21 up, String() writes an exponent (`1e+308`): grouped, it read as `1e+,308`.
  if (digits.includes('e')) return sign + digits;
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return sign + out;
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A duration for people: `850 ms`, `12.3 s`, `2 min 05 s`, `1 h 02 min`.
 * Each unit is rounded before it is chosen, so 119.6 s is `2 min 00 s` and
 * 59.96 s is `1 min 00 s`. A negative or non-finite value is `unknown`.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'unknown';
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${twoDigits(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${twoDigits(minutes % 60)} min`;
}

/** A cost in US dollars: four decimals under a dollar, where cents hide the difference, two from a dollar on. A non-finite value is `unknown`. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return 'unknown';
  return `$${usd.toFixed(Math.abs(usd) < 1 ? 4 : 2)}`;
}

// A Map, so that a hostile status such as `__proto__` finds nothing.
const STATUS_WORDS: ReadonlyMap<unknown, string> = new Map<SessionStatus, string>([
  ['success', 'completed'],
  ['error', 'failed'],
  ['cancelled', 'cancelled'],
  ['incomplete', 'incomplete'],
]);

/**
 * The one word for how a run ended: `completed`, `failed`, `cancelled` or
 * `incomplete`; `no session end reported` for `undefined` (pass
 * `outcome.statusReported ? outcome.status : undefined`). A status this
 * version does not know is returned as it is, for the caller to escape.
 */
export function formatStatus(status: SessionStatus | undefined): string {
  if (status === undefined) return 'no session end reported';
  return STATUS_WORDS.get(status) ?? String(status);
}
