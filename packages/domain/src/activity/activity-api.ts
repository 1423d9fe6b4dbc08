/** A lead's timeline: GET /api/leads/:id/activity (docs/activity.md). */
import { z } from 'zod';
import { pageLimit } from '../paging';

export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

/** What an entry is about: the web app picks its icon by it. */
export const ACTIVITY_KINDS = ['call', 'text', 'edit', 'status', 'dnc', 'import', 'ai', 'created', 'deleted', 'restored', 'other'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The position after an entry: its time to the microsecond and its id (ties of one transaction's rows). */
export const TIME_ID_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const activityQuery = z
  .object({
    limit: pageLimit(ACTIVITY_MAX_LIMIT, ACTIVITY_DEFAULT_LIMIT),
    cursor: z.string().regex(TIME_ID_CURSOR, 'cursor: expected the next_cursor of an earlier page').optional(),
  })
  .strict();
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** Who did it: a member (id and name), or the system or an automation (id null). */
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The action as a sentence, e.g. "Changed status from New to Contacted". */
  summary: z.string(),
  created_at: z.string(),
  /** What the entry links to, when it is about a call or a text. */
  links: z.object({ call_id: z.string().nullable(), conversation_id: z.string().nullable() }),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
