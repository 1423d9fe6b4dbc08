import { isRememberedRoute } from '@wholesail/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setLastRoute } from '@/lib/storage';

export { getLastRoute } from '@/lib/storage';

/** Stores path + query of every remembered route visited in this browser session. */
export function useRouteMemory(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (isRememberedRoute(pathname)) setLastRoute(pathname + search);
  }, [pathname, search]);
}
