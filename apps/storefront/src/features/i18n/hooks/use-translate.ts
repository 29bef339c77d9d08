import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useBundle } from '../../../api/app-queries';
import { languageAtom } from '../atoms';
import { DEFAULT_LANGUAGE } from '../choose-language';
import { FALLBACK_MESSAGES } from '../fallback-messages';
import type { MessageArg } from '../format-message';
import { formatMessage } from '../format-message';

export type Translate = (key: string, ...args: MessageArg[]) => string;

/** The current language (the guard has set it before the first render; English until then). */
export function useLanguage(): string {
  return useAtomValue(languageAtom) ?? DEFAULT_LANGUAGE;
}

/** `t(key, ...args)` over the current language's bundle; messages are plain text (render them as text). */
export function useTranslate(): Translate {
  const { data: bundle } = useBundle(useLanguage());
  return useCallback<Translate>((key, ...args) => formatMessage(bundle, key, args, FALLBACK_MESSAGES), [bundle]);
}
