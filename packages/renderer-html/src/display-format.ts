/*
 * Numbers are formatted by hand rather than with Intl so that a document is
 * byte-for-byte the same in Node and in every browser, whatever the locale.
 */

/** An integer with comma thousands separators: `1234567` is `1,234,567`. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(n)));
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return sign + out;
}

/** A duration for people: `850 ms`, `12.3 s`, `4 min 05 s`, `1 h 02 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return String(ms);
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A cost in US dollars: four decimals under a dollar, where cents hide the difference, two above. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return `$${usd}`;
  return `$${usd.toFixed(Math.abs(usd) < 1 ? 4 : 2)}`;
}
