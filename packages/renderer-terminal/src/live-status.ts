import type { WriteText } from '@x/core';
import type { Colors } from './color-support.js';
import { renderStyledLine, type Segment } from './styled-line.js';

/** The running call a status line shows. */
export interface StatusCall {
  glyph: string;
  name: string;
  arg: string;
  indent: string;
  startedAt: number;
}

/**
 * The one status line shown below the output while a tool runs on a
 * terminal: a spinner, the call's marker and the seconds it has run, redrawn
 * in place. It is always the last line and the cursor stays on it, so that
 * erasing it (CR, erase line) leaves the cursor where the output goes on.
 */
export interface LiveStatus {
  /** What erases the status line, when it is shown. */
  erase(): string;
  /**
   * What draws the status line for the newest running call, if there is one.
   * `atLineStart` says whether the output so far ends with a newline; when it
   * does not, the line is drawn below and erasing it puts the cursor back
   * where the unfinished line stopped.
   */
  draw(atLineStart: boolean): string;
  /** Stops the timer; what erases the status line. */
  stop(): string;
}

/** Braille spinner frames: single-column, Neutral width. */
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const TICK_MS = 100;
const ERASE_LINE = '\r\x1b[2K';
// IND then RI scrolls the screen first when the cursor is on the bottom row,
// so that the position DECSC saves next is still right once the status line
// exists below it; IND keeps the column, unlike a newline.
const BELOW_UNFINISHED_LINE = '\x1bD\x1bM\x1b7\x1bD\r';
const BACK_TO_UNFINISHED_LINE = '\x1b8';

/** Creates a {@link LiveStatus} that redraws itself through `write`. */
export function createLiveStatus(options: {
  write: WriteText;
  now: () => number;
  colors: Colors;
  columns: () => number;
  /** The newest running call and how many run in all. */
  current: () => { call: StatusCall; running: number } | undefined;
}): LiveStatus {
  const { colors } = options;
  let shown = false;
  let belowUnfinished = false;
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const line = (): string => {
    const current = options.current();
    if (current === undefined) return '';
    const { call, running } = current;
    const seconds = Math.max(0, Math.floor((options.now() - call.startedAt) / 1000));
    const label: Segment[] = [
      [call.indent],
      [FRAMES[frame % FRAMES.length] ?? '', colors.cyan],
      [' '],
      [call.glyph, colors.cyan],
      [' '],
      [call.name, colors.bold],
      [call.arg === '' ? '' : ` ${call.arg}`],
    ];
    // The elapsed time is what changes: the label is cut to make room for it, never the time.
    const elapsed = ` ${seconds}s${running > 1 ? ` (+${running - 1} more)` : ''}`;
    // One column short of the width: a line that fills the last column leaves
    // the cursor in a pending-wrap state, and CR would then erase the wrong line.
    const room = Math.max(1, options.columns() - 1 - elapsed.length);
    return renderStyledLine(label, room) + colors.dim(elapsed);
  };

  const erase = (): string => {
    if (!shown) return '';
    shown = false;
    return belowUnfinished ? ERASE_LINE + BACK_TO_UNFINISHED_LINE : ERASE_LINE;
  };

  const draw = (atLineStart: boolean): string => {
    const text = line();
    if (text === '') {
      stopTimer();
      return '';
    }
    shown = true;
    belowUnfinished = !atLineStart;
    if (timer === undefined) {
      timer = setInterval(() => {
        if (!shown) return;
        frame += 1;
        // A spinner frame is cosmetic: a sink that rejects it must not surface as an unhandled rejection.
        const atLineStart = !belowUnfinished;
        Promise.resolve(options.write(erase() + draw(atLineStart))).catch(() => undefined);
      }, TICK_MS);
      // The spinner must never keep a finished process alive.
      (timer as { unref?: () => void }).unref?.();
    }
    return atLineStart ? text : BELOW_UNFINISHED_LINE + text;
  };

  return {
    erase,
    draw,
    stop() {
      stopTimer();
      return erase();
    },
  };
}
