/**
 * Interpolation note.
 *
 * Messages use ngx-translate style positional placeholders: `{{0}}`, `{{1}}` ... (whitespace inside the braces is
 * tolerated: `{{ 0 }}`). That is the wire format of alf.io's `/i18n/bundle/{lang}` and of `i18nOverride`, where
 * Java's `{0}` has already been rewritten (see {@link fromJavaMessageFormat}). Arguments are positional: the code
 * that raises an error fills them in order (`DomainError.args`, `validationErrors[].arguments`), so a translation
 * may reorder them but must use the same set (the bundle tests check it).
 *
 * Messages are plain text, never HTML: the storefront renders them as text nodes (no innerHTML), and emphasis or
 * links around an argument belong to the component, not to the message.
 *
 * With i18next, pass {@link interpolation} as its `interpolation` option and the arguments as an object keyed by
 * position (`t(key, { 0: a, 1: b })`, see {@link positionalArgs}); React escapes by itself, hence `escapeValue: false`.
 *
 * A few keys follow another convention because alf.io's public frontend fills them itself, and this bundle must
 * work with that client unchanged (libs/i18n/src/alfio-compat lists them and the tests hold them to it):
 * - a literal marker the client replaces: `reservation-page.time-for-completion` carries `##time##` (see
 *   {@link fillMarkers}); it has no `{{n}}` placeholder;
 * - a label the client appends a value to: `reservation-page-complete.ticket-nr` ("Ticket #" + the number), no
 *   placeholder at all;
 * - countdown labels: `reservation-page.time-for-completion.labels.singular|plural` are eleven `|`-separated unit
 *   names, millisecond to millennium, each with the space that separates it from the number before it.
 */
export const interpolation = { prefix: '{{', suffix: '}}', escapeValue: false } as const;

/** Arguments of a message: positional (`['x']` fills `{{0}}`) or keyed (`{ 0: 'x' }` or `{ name: 'x' }`). */
export type MessageArgs = readonly unknown[] | Readonly<Record<string, unknown>> | null | undefined;

const placeholder = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The argument names/positions a message uses, e.g. `['0', '1']` for `'{{1}} at {{0}}%'` (sorted, unique). */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(placeholder)].map((m) => m[1] as string))].sort();
}

const marker = /##([\w.-]+)##/g;

/** The literal markers a message carries, e.g. `['time']` for `'You have ##time## left'` (sorted, unique). */
export function markersOf(message: string): string[] {
  return [...new Set([...message.matchAll(marker)].map((m) => m[1] as string))].sort();
}

/** Replaces `##name##` markers with `values[name]`, as alf.io's client does; a marker without a value stays. */
export function fillMarkers(message: string, values: Readonly<Record<string, unknown>>): string {
  return message.replace(marker, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    return value == null ? whole : String(value);
  });
}

/** `['a', 'b']` -> `{ 0: 'a', 1: 'b' }`, the shape i18next wants for positional arguments. */
export function positionalArgs(args: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(args.map((value, index) => [String(index), value]));
}

/**
 * The message of `key` in `bundle` with its placeholders filled from `args`. A missing key answers the key itself
 * (as ngx-translate does, so a gap shows up on screen instead of an empty string); a placeholder without an argument
 * (or with `null`/`undefined`) is left as written.
 */
export function formatMessage(bundle: Readonly<Record<string, string>>, key: string, args?: MessageArgs): string {
  const message = Object.prototype.hasOwnProperty.call(bundle, key) ? bundle[key] : undefined;
  return interpolate(message ?? key, args);
}

/** Fills the placeholders of an already looked-up message. */
export function interpolate(message: string, args?: MessageArgs): string {
  if (args == null) return message;
  const values = args as Readonly<Record<string, unknown>>;
  return message.replace(placeholder, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    return value == null ? whole : String(value);
  });
}

/** A piece of a message: literal text, or the placeholder of argument `arg`. */
export type MessagePart = { readonly text: string } | { readonly arg: string };

/**
 * A message cut at its placeholders, for rendering rich arguments (a link, bold text) as elements instead of
 * strings: `'I accept the {{0}}'` -> `[{ text: 'I accept the ' }, { arg: '0' }]`. Empty text pieces are left out.
 */
export function messageParts(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(placeholder)) {
    if (match.index > last) parts.push({ text: message.slice(last, match.index) });
    parts.push({ arg: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last) });
  return parts;
}

/**
 * A Java `MessageFormat` text as the wire carries it: `{0}` -> `{{0}}` and doubled apostrophes collapsed
 * (reference 3.1 item 2). Used for organizer overrides written in the Java style.
 */
export function fromJavaMessageFormat(message: string): string {
  return message.replace(/(?<!\{)\{(\d+)\}(?!\})/g, '{{$1}}').replace(/''/g, "'");
}
