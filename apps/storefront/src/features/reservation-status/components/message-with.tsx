import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { Translate } from '../../i18n';

const SLOT = '\u0000';

/**
 * A translated message with elements in its placeholders ("write to {{0}}" with {{0}} a mailto link): the
 * message is formatted with markers, then split around them, so translations keep their own word order.
 */
export function MessageWith({ t, messageKey, args }: { t: Translate; messageKey: string; args: readonly ReactNode[] }) {
  const text = t(messageKey, ...args.map((_, i) => `${SLOT}${i}${SLOT}`));
  const parts = text.split(SLOT);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{args[Number(part)]}</Fragment> : part))}
    </>
  );
}
