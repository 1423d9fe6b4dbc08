import { WifiOffIcon } from 'lucide-react';
import { OFFLINE_MESSAGES, useOnlineStatus } from './connectivity';

const updates = (n: number) => `${n} update${n === 1 ? '' : 's'}`;

/** Shown in the signed-in layout while offline: the data on screen is the saved copy. */
export function OfflineBanner({ pending = 0 }: { pending?: number }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm text-warning-foreground sm:px-8">
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      <span className="font-medium">{OFFLINE_MESSAGES.banner}</span>
      {pending > 0 && <span>· {updates(pending)} will sync when you are back online</span>}
    </div>
  );
}
