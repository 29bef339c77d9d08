/** A value of Stripe's form encoding: `a[b][c]=v` nests objects, `a[0]=v` (as stripe-node sends arrays) or `a[]=v` lists. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Reads an `application/x-www-form-urlencoded` body as Stripe's API does (brackets encoded or not). */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = keyPath(name);
    let node = root;
    path.forEach((segment, index) => {
      // `a[]` appends: the next free index, made a list below like `a[0]`
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      node = next !== undefined && typeof next === 'object' && !Array.isArray(next) ? next : (node[key] = {});
    });
  }
  return listsFromIndexes(root) as FormObject;
}

/** `payment_method_data[card][number]` -> ['payment_method_data', 'card', 'number']; a malformed name is one key. */
function keyPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  return [match[1] as string, ...Array.from((match[2] ?? '').matchAll(/\[([^[\]]*)\]/g), (m) => m[1] as string)];
}

function listsFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listsFromIndexes(value[key] as FormValue)] as const);
  const isList = keys.length > 0 && keys.every((key) => /^\d+$/.test(key)) && keys.map(Number).sort((a, b) => a - b).every((n, i) => n === i);
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** The text at `key`, or undefined when absent or not text. */
export const textAt = (form: FormObject | undefined, key: string): string | undefined => {
  const value = form?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** The nested object at `key`, or undefined. */
export const objectAt = (form: FormObject | undefined, key: string): FormObject | undefined => {
  const value = form?.[key];
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
};
