import { TOASTS } from '@wholesail/domain';
import { useEffect } from 'react';
import { toast } from 'sonner';

// Module-level so the notice shows once per page load, not on every page that needs it.
let noticeShown = false;

/** Tells a user without an organization, once, that a page needs one. */
export function useNoOrganizationNotice(missing: boolean): void {
  useEffect(() => {
    if (!missing || noticeShown) return;
    noticeShown = true;
    toast.error(TOASTS.noOrganization, { id: 'no-organization', description: TOASTS.noOrganizationDescription });
  }, [missing]);
}
