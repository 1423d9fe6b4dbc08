/** Display helpers of the texting screens. */
import { displayName, type ConversationMessage, type Lead } from '@wholesail/domain';
import { isPopulated, leadAddress } from '@/features/leads/lead-format';

export const STATUS_LABELS: Readonly<Record<ConversationMessage['status'], string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  received: 'Received',
};

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const yearDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
const DAY_MS = 86_400_000;

/** "2:14 PM" */
export function clockTime(iso: string): string {
  const date = parse(iso);
  return date ? timeFormat.format(date) : iso;
}

/** Day separators of a thread: "Today", "Yesterday", "Mon, Mar 3", or with the year when not this year. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return iso;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : yearDayFormat.format(date);
}

/** Compact age of a thread's last text: "now", "5m", "3h", "2d", then "Mar 4". */
export function shortAge(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return iso;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h`;
  if (minutes < 7 * 24 * 60) return `${Math.floor(minutes / (24 * 60))}d`;
  return date.getFullYear() === now.getFullYear()
    ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The values a saved template fills: the owner's first name and the property's street address. */
export function templateValues(lead: Lead): { first_name: string; property_address: string } {
  const name = displayName(lead);
  const first = isPopulated(lead.owner_1_first_name) ? lead.owner_1_first_name!.trim() : name === 'Unknown Lead' ? '' : name.split(/\s+/)[0]!;
  const street = [lead.property_address_line_1, lead.property_address, lead.property_address_street, lead.address].find(isPopulated);
  return { first_name: first, property_address: street ?? leadAddress(lead) ?? '' };
}
