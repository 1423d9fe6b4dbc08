import { SESSIONS_CHANNEL } from '../../auth/session-cache';
import { OUTBOX_CHANNEL } from '../../jobs/outbox';
import { CHANGE_CHANNEL } from '../realtime/hub';

/** What each LISTEN subscription of a server is for, as the diagnostics say it. */
const PURPOSES: Record<string, string> = {
  [CHANGE_CHANNEL]: 'The change feed: row changes pushed to open screens as they happen.',
  [OUTBOX_CHANNEL]: 'Event delivery: a written event wakes its delivery at once instead of at the next poll.',
  [SESSIONS_CHANNEL]: 'Session changes: a sign-out or a role change takes effect at once on every server.',
};

export const listenPurpose = (channel: string) => PURPOSES[channel] ?? 'Notifications on this channel.';
