import { TOAST_AUTO_DISMISS_MS, TOASTS, WELCOME_TOAST_THROTTLE_MS } from '@wholesail/domain';
import { toast } from 'sonner';
import { getLastWelcomeAt, setLastWelcomeAt } from '@/lib/storage';

/** 'Welcome back!' at most once per WELCOME_TOAST_THROTTLE_MS, remembered across tabs and reloads. */
export function showWelcomeToast(now: number = Date.now()): boolean {
  const last = getLastWelcomeAt();
  if (last !== null && now - last < WELCOME_TOAST_THROTTLE_MS) return false;
  setLastWelcomeAt(now);
  toast.success(TOASTS.welcomeBack, { duration: TOAST_AUTO_DISMISS_MS });
  return true;
}
