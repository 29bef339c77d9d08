import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getLogoutMutationOptions, logout } from '@ticketing/api-client';
import type { logoutResponse, SuccessResponse } from '@ticketing/api-client';
import { useToast } from '../../toast';
import { signedOutTo } from './leave-for';

/** POST /user/logout (reference 47), then signed out: to the provider's end-session page, or home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: getLogoutMutationOptions().mutationKey,
    mutationFn: async () => ((await logout()) as SuccessResponse<logoutResponse>).data.targetUrl || '/',
    onSuccess: (targetUrl) => signedOutTo(queryClient, navigate, targetUrl),
    onError: () => toast.error('error.STEP_2_PAYMENT_REQUEST_CREATION'),
  });
  return { logout: () => mutation.mutateAsync().then(() => undefined, () => undefined), pending: mutation.isPending };
}
