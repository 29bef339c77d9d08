/**
 * `{{0}}`-style placeholders, as the bundle endpoint delivers them (Java `{0}` already rewritten). Same rules as
 * `formatMessage` of libs/i18n, kept local so the browser bundle does not pull in the server's message bundles:
 * a missing key answers the key itself; a placeholder without an argument is left as written. The few keys alf.io's
 * client fills itself keep its convention (libs/i18n/src/format-message.ts lists them): `##name##` markers are
 * filled with {@link fillMarkers}, and a label the client appends a value to is followed by the value.
 */
export type MessageArg = string | number | boolean | null | undefined;

const placeholder = /\{\{\s*([\w.-]+)\s*\}\}/g;

export function interpolate(message: string, args: readonly MessageArg[] = []): string {
  if (args.length === 0) return message;
  return message.replace(placeholder, (whole, name: string) => {
    const value = /^\d+$/.test(name) ? args[Number(name)] : undefined;
    return value == null ? whole : String(value);
  });
}

export function formatMessage(
  bundle: Readonly<Record<string, string>> | undefined,
  key: string,
  args?: readonly MessageArg[],
  fallback?: Readonly<Record<string, string>>,
): string {
  const own = (map: Readonly<Record<string, string>> | undefined) =>
    map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
  return interpolate(own(bundle) ?? own(fallback) ?? key, args);
}

const marker = /##([\w.-]+)##/g;

/** Replaces `##name##` markers (e.g. `##time##` of `reservation-page.time-for-completion`) with `values[name]`. */
export function fillMarkers(message: string, values: Readonly<Record<string, MessageArg>>): string {
  return message.replace(marker, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    return value == null ? whole : String(value);
  });
}
