import { displayName, toE164ForCall, type LeadListItem } from '@wholesail/domain';
import { PhoneIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { BlockedButton } from '@/components/ui/blocked-button';
import { buttonVariants } from '@/components/ui/button';
import { dialerStore, type DialerData } from '@/features/dialer/dialer-store';
import { LEAD_DNC_REASON } from '@/features/do-not-contact/messages';
import { cn } from '@/lib/utils';
import { leadAddress, primaryEmail, primaryPhone } from './lead-format';

export const NO_PHONE_REASON = 'This lead has no phone number to call';

type Props = {
  lead: LeadListItem;
  label?: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default';
  className?: string;
  /** The compliance check's refusal, where the screen asked for it (the lead page and dialog). */
  refusal?: string | null;
};

/** The dialer data (dialer.md §3) of a lead; a list row is enough. */
export function dialerDataFor(lead: LeadListItem): DialerData {
  return {
    leadId: lead.id,
    name: displayName(lead),
    address: leadAddress(lead) ?? '',
    phone: primaryPhone(lead) ?? '',
    email: primaryEmail(lead) ?? '',
    version: lead.version,
  };
}

/** Why the lead cannot be called: the check's refusal, the lead's DNC flag, or no callable number. */
export function callBlockReason(lead: LeadListItem, refusal?: string | null): string | null {
  if (refusal) return refusal;
  if (lead.dnc_status === true) return LEAD_DNC_REASON;
  return toE164ForCall(primaryPhone(lead)) === null ? NO_PHONE_REASON : null;
}

/** Opens the browser dialer (the global lead dialer modal) for the lead, or says why it cannot. */
export function CallLink({ lead, label = 'Call', size = 'sm', variant = 'outline', className, refusal }: Props) {
  const blocked = callBlockReason(lead, refusal);
  const icon = <PhoneIcon aria-hidden />;
  if (blocked) {
    return (
      <BlockedButton reason={blocked} label={label} variant={variant} size={size} className={className}>
        {icon}
        {label}
      </BlockedButton>
    );
  }
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    dialerStore.open(dialerDataFor(lead));
  };
  return (
    <button type="button" className={cn(buttonVariants({ variant, size }), className)} onClick={onClick}>
      {icon}
      {label}
    </button>
  );
}
