import { useQuery } from '@tanstack/react-query';
import { getGetCountriesQueryOptions, successData } from '@ticketing/api-client';
import type { Country } from '../../booking';
import { useLanguage } from '../../i18n';

const NONE: readonly Country[] = [];

/** The countries a country question offers, named in the current language (reference 3.1); empty while loading. */
export function useCountries(enabled: boolean): readonly Country[] {
  const lang = useLanguage();
  const { data } = useQuery({ ...getGetCountriesQueryOptions(lang), staleTime: Infinity, select: successData, enabled });
  return (data as readonly Country[] | undefined) ?? NONE;
}
