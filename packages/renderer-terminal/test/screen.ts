/**
 * A minimal terminal screen for tests: prints characters, and follows CR, LF,
 * erase line (CSI 2K, CSI K), IND, RI, DECSC and DECRC, ignoring colours
 * (CSI ... m). Any other escape sequence throws, so a test notices output it
 * did not expect. Returns the screen's lines without trailing blanks.
 */
export function screenOf(output: string): string[] {
  const rows: string[][] = [[]];
  let row = 0;
  let col = 0;
  let saved: [number, number] = [0, 0];
  const chars = Array.from(output);
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    if (ch === '\x1b') {
      const next = chars[i + 1];
      i += 1;
      if (next === '[') {
        let params = '';
        while (i + 1 < chars.length && !/[@-~]/.test(chars[i + 1] ?? '')) params += chars[++i];
        const final = chars[++i];
        if (final === 'm') continue;
        if (final === 'K') {
          rows[row] = params === '2' ? [] : (rows[row] ?? []).slice(0, col);
          continue;
        }
        throw new Error(`unexpected CSI ${params}${final}`);
      }
      if (next === 'D') row += 1;
      else if (next === 'M') row = Math.max(0, row - 1);
      else if (next === '7') saved = [row, col];
      else if (next === '8') [row, col] = saved;
      else throw new Error(`unexpected ESC ${next}`);
      continue;
    }
    if (ch === '\r') col = 0;
    else if (ch === '\n') row += 1;
    else {
      const line = (rows[row] ??= []);
      while (line.length < col) line.push(' ');
      line[col] = ch;
      col += 1;
    }
  }
  const lines = Array.from({ length: rows.length }, (_, index) => (rows[index] ?? []).join('').trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}
