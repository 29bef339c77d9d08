import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { deleteProfile, getDeleteProfileMutationOptions } from '@ticketing/api-client';
import type { deleteProfileResponse, SuccessResponse } from '@ticketing/api-client';
import { leavesApp, setProfileDeletedFlag, signedOutTo } from '../../auth';
import { useToast } from '../../toast';

/**
 * DELETE /user/me (reference 45; spec 7): the flag for the success toast is set, then the browser goes where the
 * server said (the provider's end-session page, which comes back home), signed out. Spec 8: a failure is only logged.
 */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: getDeleteProfileMutationOptions().mutationKey,
    mutationFn: async () => ((await deleteProfile()) as SuccessResponse<deleteProfileResponse>).data.targetUrl || '/',
    onSuccess: async (targetUrl) => {
      // leaving for another site, the toast waits for the way back home (the user menu shows it)
      if (leavesApp(targetUrl)) setProfileDeletedFlag();
      else toast.success('my-profile.delete.success');
      await signedOutTo(queryClient, navigate, targetUrl);
    },
    onError: (error) => console.error('deleting the profile failed', error),
  });
  return { remove: () => mutation.mutateAsync().then(() => undefined, () => undefined), pending: mutation.isPending };
}
