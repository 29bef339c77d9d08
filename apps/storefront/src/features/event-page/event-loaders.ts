import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { eventQueryOptions, validateCodeQueryOptions } from '../../api/catalog-queries';
import type { EventCode, EventCodeResponse, EventWithAdditionalInfo } from '../../api/catalog-queries';
import { pageContextOf, type WithPageContext } from '../../app/page-context';

export const CODE_NOT_FOUND = 'error.STEP_1_CODE_NOT_FOUND';

/** Spec 2 guard: every event route loads the event first; an unknown event goes home. */
export async function loadEvent(queryClient: QueryClient, shortName: string): Promise<WithPageContext> {
  let event: EventWithAdditionalInfo;
  try {
    event = (await queryClient.ensureQueryData(eventQueryOptions(shortName))).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw redirect({ to: '/', replace: true });
    throw error;
  }
  return { pageContext: pageContextOf(event) };
}

/** The outcome of a promo/access code: the valid code's kind, or the error code to show. */
export interface CodeState {
  readonly eventCode: EventCode | null;
  readonly codeError: string | null;
}

export const NO_CODE: CodeState = { eventCode: null, codeError: null };

/**
 * Validates a code. Only a valid code is ever sent to ticket-categories: the server reveals hidden categories
 * even for a code that fails validation (public-api.md 3.2 item 9), so the page must not ask with one.
 */
export async function checkCode(queryClient: QueryClient, shortName: string, code: string): Promise<CodeState> {
  try {
    const { data } = await queryClient.fetchQuery(validateCodeQueryOptions(shortName, code));
    return data.success && data.value ? { eventCode: { ...data.value, code }, codeError: null } : { eventCode: null, codeError: CODE_NOT_FOUND };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return { eventCode: null, codeError: firstErrorCode(error.body) ?? CODE_NOT_FOUND };
    return { eventCode: null, codeError: 'server-error' };
  }
}

function firstErrorCode(body: unknown): string | undefined {
  const errors = (body as Partial<EventCodeResponse> | null)?.validationErrors;
  const code = Array.isArray(errors) ? errors[0]?.code : undefined;
  return typeof code === 'string' && code ? code : undefined;
}
