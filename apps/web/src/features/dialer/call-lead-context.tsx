/**
 * The lead of the call in progress (GET /api/calls/by-sid/:callSid/lead-context, docs/api-calls.md): the dialer's
 * lead panel shows it during a call, and says what happened when there is none (dialer.md §8 "Lead context").
 */
import { CALL_LEAD_CONTEXT_MESSAGES, type CallLeadContext } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError, apiRequest, errorText } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** dialer.md §9: the lead context is kept 2 minutes. */
const LEAD_CONTEXT_CACHE_MS = 2 * 60_000;
/** dialer.md §8: the info toast of a lead found by phone or address stays 2.5 s. */
const MATCHED_TOAST_MS = 2500;
const FAILED_TOAST_ID = 'lead-context-failed';

export function useCallLeadContext(callSid: string | null) {
  const query = useQuery({
    queryKey: queryKeys.calls.leadContext(callSid ?? ''),
    queryFn: ({ signal }) => apiRequest<CallLeadContext>(`/api/calls/by-sid/${encodeURIComponent(callSid ?? '')}/lead-context`, { signal }),
    enabled: callSid !== null,
    staleTime: LEAD_CONTEXT_CACHE_MS,
    gcTime: LEAD_CONTEXT_CACHE_MS,
  });
  const matched = query.data?.message ?? null;
  useEffect(() => {
    if (matched) toast.info(matched, { duration: MATCHED_TOAST_MS });
  }, [matched]);
  const failure = query.isError && !isAnswered(query.error) ? errorText(query.error, CALL_LEAD_CONTEXT_MESSAGES.failed) : null;
  useEffect(() => {
    if (failure) toast.error(CALL_LEAD_CONTEXT_MESSAGES.failedToast, { id: FAILED_TOAST_ID, description: failure });
  }, [failure]);
  return query;
}

/** A 404 is the server's answer about the call (no such call, no lead for it), not a failure to load. */
const isAnswered = (error: unknown) => error instanceof ApiError && error.status === 404;

/** What the panel says above the lead's details when the call's lead could not be shown. */
export function CallLeadContextNote({ context }: { context: ReturnType<typeof useCallLeadContext> }) {
  if (!context.isError) return null;
  const error = context.error;
  const notLinked = error instanceof ApiError && error.message === CALL_LEAD_CONTEXT_MESSAGES.notLinked;
  const title = isAnswered(error) ? (notLinked ? CALL_LEAD_CONTEXT_MESSAGES.callNotLinked : error.message) : CALL_LEAD_CONTEXT_MESSAGES.failed;
  return (
    <div role="status" data-tone="warning" className="grid gap-1 rounded-md border border-warning/40 bg-warning/5 p-2 text-sm">
      <p className="font-medium">{title}</p>
      <p className="text-xs text-muted-foreground">
        {isAnswered(error) ? '' : `${errorText(error, '')} `}Showing the lead the dialer was opened for.
      </p>
    </div>
  );
}
