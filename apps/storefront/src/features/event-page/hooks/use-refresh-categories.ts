import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ticketCategoriesQueryOptions } from '../../../api/catalog-queries';
import { useToast } from '../../toast';

/** Spec 9: the availability refresh is debounced by 500 ms. */
export const REFRESH_DEBOUNCE_MS = 500;

/** Reloads the categories (a click burst makes one request) and confirms with a success toast (spec 2). */
export function useRefreshCategories(shortName: string, code: string | undefined): () => void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient
        .invalidateQueries({ queryKey: ticketCategoriesQueryOptions(shortName, code).queryKey, exact: true })
        .then(() => toast.success('show-event.category.refresh.success'));
    }, REFRESH_DEBOUNCE_MS);
  };
}
