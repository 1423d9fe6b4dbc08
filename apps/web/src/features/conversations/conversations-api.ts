/**
 * Client of the SMS conversations API. Its keys (lib/query-keys.ts) start with 'conversations', so a realtime change of a
 * conversations row (a new text, a delivery status, a read mark) refreshes the threads, the open thread
 * and the composer's check by itself.
 */
import type { ConversationMessage, ConversationThread, TextCheckResult } from '@wholesail/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { DNC_LISTED, LEAD_DNC_REASON } from '@/features/do-not-contact/messages';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type ThreadList = { items: ConversationThread[] };
export type MessageList = { items: ConversationMessage[] };

export const THREADS_LIMIT = 50;
/** The check is asked again this often, so the composer opens by itself when calling hours begin. */
export const CHECK_REFRESH_MS = 60_000;

const leadPath = (leadId: string) => encodeURIComponent(leadId);

/** GET /api/conversations/threads, `search` left out when blank. */
export function threadsPath(search: string): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  params.set('limit', String(THREADS_LIMIT));
  return `/api/conversations/threads?${params.toString()}`;
}

export const messagesPath = (leadId: string) => `/api/conversations?lead_id=${leadPath(leadId)}`;
export const checkPath = (leadId: string) => `/api/conversations/check?leadId=${leadPath(leadId)}`;
export const readPath = (leadId: string) => `/api/conversations/${leadPath(leadId)}/read`;

const byNewest = (a: ConversationThread, b: ConversationThread) => b.last_message.created_at.localeCompare(a.last_message.created_at);

/** One row per lead, newest first; keeps the previous rows on screen while a new search loads. */
export function useThreads(search: string) {
  return useQuery({
    queryKey: queryKeys.conversations.threadList(search),
    queryFn: ({ signal }) => apiRequest<ThreadList>(threadsPath(search), { signal }),
    select: (data) => [...data.items].sort(byNewest),
    placeholderData: keepPreviousData,
  });
}

/** The lead's texts, oldest first. */
export function useMessages(leadId: string) {
  return useQuery({
    queryKey: queryKeys.conversations.messages(leadId),
    queryFn: async ({ signal }) => (await apiRequest<MessageList>(messagesPath(leadId), { signal })).items,
    enabled: leadId !== '',
  });
}

export function useTextCheck(leadId: string, dnc: boolean) {
  return useQuery({
    queryKey: queryKeys.conversations.check(leadId, dnc),
    queryFn: ({ signal }) => apiRequest<TextCheckResult>(checkPath(leadId), { signal }),
    enabled: leadId !== '',
    refetchInterval: CHECK_REFRESH_MS,
  });
}

/** Why the lead cannot be texted now: the check's reason and code. */
export type TextBlock = { reason: string; code?: string };

/** The check's refusal; a lead flagged DNC is refused at once, before the check answers again. */
export function textBlock(check: TextCheckResult | undefined, dnc: boolean): TextBlock | null {
  if (check && !check.allowed) return { reason: check.reason ?? 'This lead cannot be texted right now', code: check.code };
  return dnc ? { reason: LEAD_DNC_REASON, code: DNC_LISTED } : null;
}

function setThreadUnread(client: QueryClient, leadId: string, unread: number) {
  client.setQueriesData<ThreadList>({ queryKey: queryKeys.conversations.threads }, (data) =>
    data ? { items: data.items.map((thread) => (thread.lead_id === leadId ? { ...thread, unread_count: unread } : thread)) } : data,
  );
}

/**
 * POST /api/conversations: the sent message joins the thread at once; a refusal (DNC, calling hours,
 * no phone) is toasted with the server's message and the check is asked again, so the composer shows why.
 */
export function useSendText(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<ConversationMessage>('/api/conversations', { method: 'POST', body: { lead_id: leadId, body } }),
    onSuccess: (message) => {
      client.setQueryData<ConversationMessage[]>(queryKeys.conversations.messages(leadId), (items) =>
        items && !items.some((item) => item.id === message.id) ? [...items, message] : items,
      );
      void client.invalidateQueries({ queryKey: queryKeys.conversations.all });
      toast.success('Message sent');
    },
    onError: (error) => {
      toast.error('Message failed', { description: error.message });
      void client.invalidateQueries({ queryKey: queryKeys.conversations.check(leadId) });
    },
  });
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** False while the browser tab is in the background. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
}

/**
 * Marks the thread read once its texts have loaded, and again whenever a new unread inbound text
 * arrives while it is open and the browser tab is visible. The thread list drops its unread count at once.
 */
export function useMarkThreadRead(leadId: string, messages: readonly ConversationMessage[] | undefined) {
  const client = useQueryClient();
  const visible = useDocumentVisible();
  const marked = useRef<{ leadId: string; unreadId: string | null } | null>(null);
  const latestUnread = messages?.filter((message) => message.direction === 'inbound' && !message.read_at).at(-1)?.id ?? null;
  const loaded = messages !== undefined;

  useEffect(() => {
    if (!leadId || !loaded || !visible) return;
    const last = marked.current;
    if (last?.leadId === leadId && (latestUnread === null || latestUnread === last.unreadId)) return;
    marked.current = { leadId, unreadId: latestUnread };
    setThreadUnread(client, leadId, 0);
    apiRequest(readPath(leadId), { method: 'POST' }).then(
      () => void client.invalidateQueries({ queryKey: queryKeys.conversations.threads }),
      () => {
        // Nothing to tell the user: the thread stays unread and the next open tries again.
        if (marked.current?.leadId === leadId) marked.current = null;
      },
    );
  }, [client, leadId, latestUnread, loaded, visible]);
}
