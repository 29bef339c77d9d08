/** Where a progress bar draws: process.stderr, or a buffer in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface ProgressBarOptions {
  /** What is counted, after the numbers (`events`). */
  readonly unit: string;
  /** How many there will be; unknown leaves out the bar, the percentage and the ETA. */
  readonly total?: number;
  readonly stream?: ProgressStream;
  /** Draw even when the stream is no terminal (`--progress`): one line per second instead of one line redrawn. */
  readonly force?: boolean;
  /** The clock, in ms (tests). */
  readonly now?: () => number;
}

export interface ProgressBar {
  /** `done` of the total so far; drawn at most ten times a second. */
  update(done: number): void;
  /** Draws the last state and ends the line. */
  finish(): void;
}

const WIDTH = 24;
const number = (n: number) => Math.round(n).toLocaleString('en');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** One line of a progress bar: label, bar, percentage, count, rate and ETA. */
export function progressLine(label: string, done: number, total: number | undefined, seconds: number, unit: string): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const parts = [label];
  if (total !== undefined && total > 0) {
    const share = Math.min(1, done / total);
    const filled = Math.round(share * WIDTH);
    parts.push(`[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)} %`, `${number(done)}/${number(total)} ${unit}`);
  } else {
    parts.push(`${number(done)} ${unit}`);
  }
  parts.push(`${number(rate)} ${unit}/s`);
  if (total !== undefined && total > 0) parts.push(done >= total ? `in ${duration(seconds)}` : `ETA ${rate > 0 ? duration((total - done) / rate) : '?'}`);
  return parts.join('  ');
}

/**
 * A progress bar on stderr for a long CLI run (rebuild, verify): drawn only on a terminal, or when forced
 * (`--progress`), so that piped output and logs stay clean. Otherwise every call does nothing.
 */
export function progressBar(label: string, options: ProgressBarOptions): ProgressBar {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  if (!tty && !options.force) return { update: () => undefined, finish: () => undefined };
  const now = options.now ?? (() => performance.now());
  const started = now();
  let drawnAt = -Infinity;
  let last = 0;
  const draw = (end: boolean) => {
    const line = progressLine(label, last, options.total, (now() - started) / 1000, options.unit);
    stream.write(tty ? `\r${line}\u001b[K${end ? '\n' : ''}` : `${line}\n`);
  };
  return {
    update(done) {
      last = done;
      const at = now();
      if (at - drawnAt < (tty ? 100 : 1_000)) return;
      drawnAt = at;
      draw(false);
    },
    finish() {
      draw(true);
    },
  };
}
