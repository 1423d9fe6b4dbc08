import { z } from 'zod';
import { pageLimit } from '../paging';
import { TIME_ID_CURSOR } from '../activity/activity-api';
import { instantParam } from '../leads/lead-api';
import { CALL_STATUSES, callRecordSchema } from './call-api';

/** Which calls: a lead's, a member's, a status, since an instant (GET /api/calls and its CSV export). */
export const CALL_FILTERS = {
  lead_id: z.uuid('lead_id: expected a lead id').optional(),
  user_id: z.string().min(1, 'user_id: expected a member id').max(100, 'user_id: expected a member id').optional(),
  status: z.enum(CALL_STATUSES, { error: `status: expected one of ${CALL_STATUSES.join(', ')}` }).optional(),
  started_after: instantParam('started_after').optional(),
};

/** GET /api/calls: newest first, `limit` a page, `cursor` the next_cursor of the page before. */
export const listCallsQuery = z
  .object({
    ...CALL_FILTERS,
    limit: pageLimit(200, 50),
    cursor: z.string().regex(TIME_ID_CURSOR, 'cursor: expected the next_cursor of an earlier page').optional(),
  })
  .strict();
export type ListCallsQuery = z.infer<typeof listCallsQuery>;

export const callPageSchema = z.object({ items: z.array(callRecordSchema), next_cursor: z.string().nullable() });
export type CallPage = z.infer<typeof callPageSchema>;
