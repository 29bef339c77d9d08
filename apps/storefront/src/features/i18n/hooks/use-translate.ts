import { useAtomValue } from 'jotai';
import { createContext, useCallback, useContext } from 'react';
import { useBundle } from '../../../api/app-queries';
import { languageAtom } from '../atoms';
import { DEFAULT_LANGUAGE } from '../choose-language';
import { FALLBACK_MESSAGES } from '../fallback-messages';
import type { MessageArg } from '../format-message';
import { formatMessage, interpolate } from '../format-message';

export type Translate = (key: string, ...args: MessageArg[]) => string;

/** Per-language message overrides (an event's `i18nOverride`), applied to the texts rendered inside the provider. */
export type MessageOverrides = Readonly<Record<string, Readonly<Record<string, string>>>>;

const OverridesContext = createContext<MessageOverrides | undefined>(undefined);

export const MessageOverridesProvider = OverridesContext.Provider;

/** The current language (the guard has set it before the first render; English until then). */
export function useLanguage(): string {
  return useAtomValue(languageAtom) ?? DEFAULT_LANGUAGE;
}

/** `t(key, ...args)` over the current language's bundle; messages are plain text (render them as text). */
export function useTranslate(): Translate {
  const lang = useLanguage();
  const { data: bundle } = useBundle(lang);
  const overrides = useContext(OverridesContext)?.[lang];
  return useCallback<Translate>(
    (key, ...args) => {
      const own = overrides && Object.prototype.hasOwnProperty.call(overrides, key) ? overrides[key] : undefined;
      return own !== undefined ? interpolate(own, args) : formatMessage(bundle, key, args, FALLBACK_MESSAGES);
    },
    [bundle, overrides],
  );
}
