import { toE164ForCall, type Lead } from '@wholesail/domain';
import { PhoneIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { primaryPhone } from './lead-format';

type Props = {
  lead: Pick<Lead, 'phone' | 'contact_1_phone1' | 'phone_number' | 'dnc_status'>;
  label?: string;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default';
  className?: string;
};

/**
 * A tel: link to the lead's number until the browser dialer replaces it. Disabled ('Do not call')
 * for leads marked DNC and ('No phone') when there is no callable number.
 */
export function CallLink({ lead, label = 'Call', size = 'sm', variant = 'outline', className }: Props) {
  const e164 = toE164ForCall(primaryPhone(lead));
  const blocked = lead.dnc_status === true ? 'Do not call' : e164 === null ? 'No phone' : null;
  const classes = cn(buttonVariants({ variant, size }), className);
  const stop = (event: MouseEvent) => event.stopPropagation();
  if (blocked) {
    return (
      <button type="button" className={classes} disabled title={blocked} aria-label={`${label} (${blocked})`} onClick={stop}>
        <PhoneIcon aria-hidden />
        {label}
      </button>
    );
  }
  return (
    <a href={`tel:${e164}`} className={classes} onClick={stop}>
      <PhoneIcon aria-hidden />
      {label}
    </a>
  );
}
