import { atom } from 'jotai';
import type { MessageArg } from '../i18n';

export type ToastType = 'SUCCESS' | 'ERROR' | 'INFO';

/** A toast carries a bundle key (or plain text) and its arguments, so it follows a language change. */
export interface Toast {
  readonly id: number;
  readonly type: ToastType;
  readonly message: string;
  readonly args: readonly MessageArg[];
}

/** Spec 9: the global toast hides itself after 2500 ms. */
export const TOAST_HIDE_MS = 2500;

let nextId = 1;

/** The one global toast; a new toast replaces the one on screen. */
export const toastAtom = atom<Toast | null>(null);

export const showToastAtom = atom(
  null,
  (_get, set, toast: { type: ToastType; message: string; args?: readonly MessageArg[] }) => {
    set(toastAtom, { id: nextId++, type: toast.type, message: toast.message, args: toast.args ?? [] });
  },
);

/** Hides the toast with this id (a late timer of a replaced toast changes nothing). */
export const hideToastAtom = atom(null, (get, set, id: number) => {
  if (get(toastAtom)?.id === id) set(toastAtom, null);
});
