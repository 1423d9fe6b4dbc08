import { displayName, toE164ForCall, type LeadListItem } from '@wholesail/domain';
import { PhoneIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { dialerStore, type DialerData } from '@/features/dialer/dialer-store';
import { cn } from '@/lib/utils';
import { leadAddress, primaryEmail, primaryPhone } from './lead-format';

type Props = {
  lead: LeadListItem;
  label?: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default';
  className?: string;
};

/** The dialer data (dialer.md §3) of a lead; a list row is enough. */
export function dialerDataFor(lead: LeadListItem): DialerData {
  return {
    leadId: lead.id,
    name: displayName(lead),
    address: leadAddress(lead) ?? '',
    phone: primaryPhone(lead) ?? '',
    email: primaryEmail(lead) ?? '',
    updatedAt: lead.updated_at,
  };
}

/**
 * Opens the browser dialer (the global lead dialer modal) for the lead. Disabled ('Do not call')
 * for leads marked DNC and ('No phone') when there is no callable number.
 */
export function CallLink({ lead, label = 'Call', size = 'sm', variant = 'outline', className }: Props) {
  const e164 = toE164ForCall(primaryPhone(lead));
  const blocked = lead.dnc_status === true ? 'Do not call' : e164 === null ? 'No phone' : null;
  const classes = cn(buttonVariants({ variant, size }), className);
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (!blocked) dialerStore.open(dialerDataFor(lead));
  };
  return (
    <button
      type="button"
      className={classes}
      disabled={blocked !== null}
      title={blocked ?? undefined}
      aria-label={blocked ? `${label} (${blocked})` : undefined}
      onClick={onClick}
    >
      <PhoneIcon aria-hidden />
      {label}
    </button>
  );
}
