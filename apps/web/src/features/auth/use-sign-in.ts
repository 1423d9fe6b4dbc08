import { TOASTS } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { clearOfflineData } from '@/features/offline/offline-data';
import { queryKeys } from '@/lib/query-keys';
import { signInWithEmail } from './auth-api';
import { showWelcomeToast } from './welcome-toast';

/** Signs in, reloads the session and greets (throttled); the caller decides where to go next. */
export function useSignIn(onSignedIn: () => void | Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: async () => {
      // Nothing cached for offline use by whoever used this browser before.
      await clearOfflineData();
      await client.invalidateQueries({ queryKey: queryKeys.session });
      showWelcomeToast();
      await onSignedIn();
    },
    onError: (error) => toast.error(TOASTS.signInFailed, { description: error.message }),
  });
}
