import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { getOpenReservationSignedInUrl } from '@ticketing/api-client';
import { useAtomValue } from 'jotai';
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useRef } from 'react';
import { meQueryOptions } from '../../../api/user-queries';
import { openIdEnabledAtom } from '../../auth';
import type { BookingFormValues } from '../../booking';
import { LoginSuggestion } from '../../booking';
import { withProfile } from '../model/profile-prefill';

/**
 * The booking step's side of the login (spec 2 and 6), in a chunk of its own: with login enabled, an anonymous
 * visitor is offered to log in (the reservation's login route, which comes back to this step with the reservation
 * theirs); a signed-in one finds the form prefilled from their profile, once, where the reservation has no value yet.
 * It reads the reservation from the address (an event's booking step, or a pass's), so the step passes only its form.
 */
export function BookingAccount({ setValues }: { readonly setValues: Dispatch<SetStateAction<BookingFormValues>> }) {
  const enabled = useAtomValue(openIdEnabledAtom) === true;
  const { data: user, isSuccess } = useQuery({ ...meQueryOptions(), enabled });
  const params = useParams({ strict: false });
  const prefilled = useRef(false);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    setValues((values) => withProfile(values, user));
  }, [user, setValues]);
  if (!enabled || !isSuccess || user || !params.reservationId) return null;
  const [type, id] = params.eventShortName ? (['event', params.eventShortName] as const) : [params.type === 'subscription' ? 'subscription' : 'event', params.publicId ?? ''] as const;
  return <LoginSuggestion href={getOpenReservationSignedInUrl(type, id, params.reservationId)} />;
}
