import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { getOpenReservationSignedInUrl } from '@ticketing/api-client';
import { useAtomValue } from 'jotai';
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useRef } from 'react';
import { meQueryOptions } from '../../../api/user-queries';
import { openIdEnabledAtom } from '../../auth';
import { isFramed } from '../../embedding';
import type { BookingFormValues } from '../../booking';
import { LoginSuggestion } from '../../booking';
import { useLanguage } from '../../i18n';
import { useToast } from '../../toast';
import { saveLoginDraft, takeLoginDraft, withLoginDraft } from '../model/login-draft';
import { withProfile } from '../model/profile-prefill';

/**
 * The booking step's side of the login (spec 2 and 6), in a chunk of its own: with login enabled, an anonymous
 * visitor is offered to log in (the reservation's login route, which comes back to this step with the reservation
 * theirs), except in another site's frame; a signed-in one finds the form prefilled from their profile, once, where the reservation has no value yet.
 * Before leaving for the login, what the visitor typed is kept (the preparation); should the browser refuse, the
 * visitor stays and is told (spec 8, reservation-page.cannot-login.error). Back on the step, it is as they left it,
 * and the profile fills what is still empty. It reads the reservation from the address (an event's booking step, or a
 * pass's), so the step passes only its form.
 */
export function BookingAccount({ values, setValues }: { readonly values: BookingFormValues; readonly setValues: Dispatch<SetStateAction<BookingFormValues>> }) {
  const toast = useToast();
  const lang = useLanguage();
  const enabled = useAtomValue(openIdEnabledAtom) === true;
  const { data: user, isSuccess } = useQuery({ ...meQueryOptions(), enabled });
  const params = useParams({ strict: false });
  const reservationId = params.reservationId;
  const restored = useRef(false);
  const prefilled = useRef(false);
  useEffect(() => {
    if (!isSuccess || !reservationId) return;
    if (!restored.current) {
      restored.current = true;
      const draft = takeLoginDraft(reservationId);
      if (draft) setValues((current) => withLoginDraft(current, draft));
    }
    if (user && !prefilled.current) {
      prefilled.current = true;
      setValues((current) => withProfile(current, user));
    }
  }, [isSuccess, user, reservationId, setValues]);
  // in another site's frame no cookie of ours comes along: a login there could never end signed in
  if (!enabled || !isSuccess || user || !reservationId || isFramed()) return null;
  const [type, id] = params.eventShortName ? (['event', params.eventShortName] as const) : [params.type === 'subscription' ? 'subscription' : 'event', params.publicId ?? ''] as const;
  return (
    <LoginSuggestion
      href={getOpenReservationSignedInUrl(type, id, reservationId, { lang })}
      onLogin={(event) => {
        if (saveLoginDraft(reservationId, values)) return;
        event.preventDefault();
        toast.error('reservation-page.cannot-login.error');
      }}
    />
  );
}
