import { describe, expect, it } from 'vitest';
import { progressBar, progressLine } from './progress-bar.js';

describe('progress bar', () => {
  it('shows the bar, share, count, rate and ETA; the time taken once done', () => {
    expect(progressLine('rebuild', 250_000, 1_000_000, 5, 'events')).toBe(
      'rebuild  [######..................]  25 %  250,000/1,000,000 events  50,000 events/s  ETA 15 s',
    );
    expect(progressLine('rebuild', 1_000_000, 1_000_000, 130, 'events')).toBe(`rebuild  [${'#'.repeat(24)}] 100 %  1,000,000/1,000,000 events  7,692 events/s  in 2 min 10 s`);
    expect(progressLine('verify', 10, undefined, 2, 'events')).toBe('verify  10 events  5 events/s');
  });

  it('draws nothing on a stream that is no terminal unless forced, then one line a second', () => {
    let clock = 0;
    const written: string[] = [];
    const stream = { write: (text: string) => written.push(text), isTTY: false };
    const quiet = progressBar('rebuild', { unit: 'events', total: 10, stream, now: () => clock });
    quiet.update(5);
    quiet.finish();
    expect(written).toEqual([]);

    const forced = progressBar('rebuild', { unit: 'events', total: 10, stream, force: true, now: () => clock });
    clock = 1_000;
    forced.update(2);
    clock = 1_500;
    forced.update(3); // within the second: not drawn
    clock = 2_000;
    forced.finish();
    expect(written).toEqual([expect.stringMatching(/^rebuild .* 2\/10 events .*\n$/), expect.stringMatching(/^rebuild .* 3\/10 events .*\n$/)]);
  });

  it('redraws one line on a terminal and ends it when finished', () => {
    let clock = 0;
    const written: string[] = [];
    const bar = progressBar('verify x', { unit: 'events', total: 4, stream: { write: (text: string) => written.push(text), isTTY: true }, now: () => clock });
    clock = 1_000;
    bar.update(4);
    bar.finish();
    const ERASE_LINE = '\u001b[K';
    expect(written[0]!.startsWith('\rverify x ') && written[0]!.includes('4/4 events') && written[0]!.endsWith(ERASE_LINE)).toBe(true);
    expect(written[1]!.endsWith(`${ERASE_LINE}\n`)).toBe(true);
  });
});
