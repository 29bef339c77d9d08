import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ticketCategoriesQueryOptions } from '../../../api/catalog-queries';
import { checkCode } from '../event-loaders';

/**
 * The promo code box's actions. The applied code lives in the address (`?code=`), so the route's loader
 * checks it and loads the matching categories; a reload or a shared link keeps it.
 * - apply: valid -> `?code=` set (categories reload with the code); invalid -> code dropped, error shown,
 *   categories reloaded without a code (spec 8).
 * - remove: code dropped, categories reloaded without it.
 */
export function usePromoCode(shortName: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate({ from: '/event/$eventShortName/' });
  const [pending, setPending] = useState(false);
  /** undefined until the visitor acts: the loader's verdict on the address's code shows until then. */
  const [error, setError] = useState<string | null | undefined>(undefined);

  const reloadWithoutCode = async () => {
    await queryClient.invalidateQueries({ queryKey: ticketCategoriesQueryOptions(shortName).queryKey, exact: true });
    await navigate({ search: (prev) => ({ ...prev, code: undefined }), replace: true, resetScroll: false });
  };

  const apply = async (code: string): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const result = await checkCode(queryClient, shortName, code);
      if (result.eventCode) {
        await navigate({ search: (prev) => ({ ...prev, code }), replace: true, resetScroll: false });
        return true;
      }
      setError(result.codeError);
      await reloadWithoutCode();
      return false;
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setPending(true);
    setError(null);
    try {
      await reloadWithoutCode();
    } finally {
      setPending(false);
    }
  };

  return { apply, remove, pending, error };
}
