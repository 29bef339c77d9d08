import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMeQueryKey, getUpdateProfileMutationOptions, updateProfile } from '@ticketing/api-client';
import type { SuccessResponse, updateProfileResponse } from '@ticketing/api-client';
import type { ServerValidationError } from '../../booking';
import { useToast } from '../../toast';
import { refusalOf, UNEXPECTED_ERROR, validationErrorsOf } from '../model/refusal';
import type { ProfileFormValues } from '../model/profile-form';
import { profileFormForSubmit } from '../model/profile-form';

export type SaveOutcome = { readonly kind: 'saved' } | { readonly kind: 'refused'; readonly errors: readonly ServerValidationError[] };

/**
 * POST /user/me (reference 44): saved, the user is read again by its generated key (the booking step prefills from
 * it); refused, the 422's validationErrors (a 5xx or no answer: the unexpected error, spec 8, also as a toast).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: getUpdateProfileMutationOptions().mutationKey,
    mutationFn: async (values: ProfileFormValues): Promise<SaveOutcome> => {
      try {
        // the mutator throws on anything but 2xx: what resolves is the 200 (SuccessResponse)
        const { data } = (await updateProfile(profileFormForSubmit(values))) as SuccessResponse<updateProfileResponse>;
        if (data.success === false) return { kind: 'refused', errors: validationErrorsOf(data) };
        return { kind: 'saved' };
      } catch (error) {
        const errors = refusalOf(error);
        if (errors.some((e) => e.code === UNEXPECTED_ERROR)) toast.error(UNEXPECTED_ERROR);
        return { kind: 'refused', errors };
      }
    },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'saved') await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    },
  });
  return { save: mutation.mutateAsync, pending: mutation.isPending };
}
