import { setFlagsFromString } from 'node:v8';

/**
 * V8 options of the product's processes (the API, and the tools through runMain), set at their start: they act on what
 * the optimizing compiler builds from then on.
 *
 * `--no-turbo-inline-array-builtins`: code the optimizing compiler built with `Array.prototype.map` inlined makes
 * holey arrays where the interpreter's `map` makes packed ones, so a function optimized on arrays of one kind
 * deoptimizes on the other's, and the caller's tier decides which it gets. Under an on-sale rush, every event not sold
 * before set off such a cascade on the reserve path, and the optimizing compiler rebuilt it during the sale
 * (`decideReserveTickets` 140-220 ms per compilation): 6-28 % of a 1,000-seat sale's machine CPU. With the builtins
 * called instead of inlined, the arrays have one kind whoever made them: no deoptimization in most sales, V8's
 * compiler threads at 0.07 ms per hold instead of 0.20 (medians; bench/rush README, session 24). A rebuild of every
 * read model from a 1,000,712-event log ran 5 and 9 % faster with it, with 9 % less node CPU (bench/replay README).
 */
export const V8_OPTIONS: readonly string[] = ['--no-turbo-inline-array-builtins'];

export function setV8Options(options: readonly string[] = V8_OPTIONS): void {
  for (const option of options) setFlagsFromString(option);
}
