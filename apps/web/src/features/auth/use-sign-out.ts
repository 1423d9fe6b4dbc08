import { TOASTS } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { voiceDevice } from '@/features/dialer/voice/voice-device';
import { clearOfflineData } from '@/features/offline/offline-data';
import { queryKeys } from '@/lib/query-keys';
import { signOutRequest } from './auth-api';

/** Signs out, drops every cached answer and the voice device of the old user and goes to /login. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: signOutRequest,
    onSuccess: () => {
      // The voice token belongs to the user who signed out.
      voiceDevice.reset();
      // So are the API answers kept for offline use and the saved session.
      void clearOfflineData();
      // Someone on an invitation page signs out to accept as another user: no toast there.
      const onInvitation = pathname.startsWith('/accept-invitation');
      if (onInvitation) {
        client.clear();
        client.setQueryData(queryKeys.session, null);
        return;
      }
      void navigate('/login', { replace: true });
      client.clear();
      client.setQueryData(queryKeys.session, null);
      toast.success(TOASTS.signedOut);
    },
    onError: (error) => toast.error(TOASTS.signOutFailed, { description: error.message }),
  });
}
