import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { MessageArg } from '../../i18n';
import { showToastAtom } from '../atoms';

/** `toast.success('email.ticket-email-sent')`, `toast.error(key, ...args)`, `toast.info(...)`. */
export function useToast() {
  const show = useSetAtom(showToastAtom);
  return useMemo(
    () => ({
      success: (message: string, ...args: MessageArg[]) => show({ type: 'SUCCESS', message, args }),
      error: (message: string, ...args: MessageArg[]) => show({ type: 'ERROR', message, args }),
      info: (message: string, ...args: MessageArg[]) => show({ type: 'INFO', message, args }),
    }),
    [show],
  );
}
