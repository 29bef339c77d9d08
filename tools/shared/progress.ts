/** Where a progress line goes: process.stderr in a real run. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface ProgressOptions {
  /** What is counted, e.g. `events`. */
  readonly unit: string;
  /** What runs, e.g. `verify-log`. */
  readonly label: string;
  /** Shown even off a terminal (`--progress`). */
  readonly force?: boolean;
  readonly stream?: ProgressStream;
  /** Nothing is shown before this much time has passed: short runs stay quiet. Default 1 s. */
  readonly quietForMs?: number;
  readonly now?: () => number;
}

export interface Progress {
  /** `done` of `total` (total 0: unknown). */
  update(done: number, total: number): void;
  /** Ends the line, if one was shown. */
  finish(): void;
}

/** On a terminal the line is redrawn this often. */
const REDRAW_EVERY_MS = 250;
/**
 * Off a terminal (--progress: a CI log, a file) a line is printed this often: the run is seen to move, and an hour's
 * run adds 720 lines to the log, not the 3,600 a line a second would.
 */
const LOG_EVERY_MS = 5_000;

/**
 * A one-line progress report on stderr, with rate and ETA, for the CLI's long runs: on a terminal it redraws one
 * line (`\r`); off one (with --progress) it prints a line every LOG_EVERY_MS (5 s) instead. Silent off a terminal
 * without --progress, so piped output and tests see nothing.
 */
export function startProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  const enabled = tty || options.force === true;
  const now = options.now ?? Date.now;
  const started = now();
  const quiet = options.quietForMs ?? 1_000;
  let lastShown = 0;
  let shown = false;
  return {
    update(done, total) {
      if (!enabled) return;
      const t = now();
      if (t - started < quiet || t - lastShown < (tty ? REDRAW_EVERY_MS : LOG_EVERY_MS)) return;
      lastShown = t;
      shown = true;
      const line = describeProgress(options.label, options.unit, done, total, t - started);
      stream.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
    },
    finish() {
      if (shown && tty) stream.write('\n');
    },
  };
}

/** `verify-log: 120,000/1,000,000 events (12%) 40,000 events/s, ETA 22 s` */
export function describeProgress(label: string, unit: string, done: number, total: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const count = total > 0 ? `${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit} (${Math.floor((done * 100) / total)}%)` : `${done.toLocaleString('en')} ${unit}`;
  const eta = total > 0 && rate > 0 && done < total ? `, ETA ${duration((total - done) / rate)}` : '';
  return `${label}: ${count} ${Math.round(rate).toLocaleString('en')} ${unit}/s${eta}`;
}

/** Rounded once, before the units are split: 119.6 s reads `2 min 0 s`, not `1 min 60 s`. */
function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  const minutes = Math.round(whole / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
