/** /communications: the dialer ('send' tab) and SMS conversations ('conversations' tab). */
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LEAD_PARAM } from '@/features/conversations/conversation-links';
import { ConversationsPanel } from '@/features/conversations/conversations-panel';
import { useThreads } from '@/features/conversations/conversations-api';
import type { DialerData } from '@/features/dialer/dialer-store';
import { ExportLink } from '@/features/exports/export-link';
import { dialerDataFor } from '@/features/leads/call-link';
import { COMMUNICATION_TAB_LABELS, type CommunicationTab } from './communication-tabs';
import { LeadPicker } from './lead-picker';

const VoiceDialerPanel = lazy(() => import('@/features/dialer/voice-dialer-panel').then((m) => ({ default: m.VoiceDialerPanel })));


function SendTab() {
  const [lead, setLead] = useState<DialerData | null>(null);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>{lead ? `Calling ${lead.name}` : 'Choose a lead to call'}</CardTitle>
          {lead && (
            <Button variant="outline" size="sm" onClick={() => setLead(null)}>
              Change lead
            </Button>
          )}
        </CardHeader>
        {!lead && (
          <CardContent>
            <LeadPicker onPick={(picked) => setLead(dialerDataFor(picked))} />
          </CardContent>
        )}
      </Card>
      {lead && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
          <VoiceDialerPanel key={lead.leadId} lead={lead} onCompleted={() => setLead(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** Unread texts across the threads, on the Conversations tab. */
function UnreadCount() {
  const threads = useThreads('');
  const unread = threads.data?.reduce((sum, thread) => sum + thread.unread_count, 0) ?? 0;
  if (unread === 0) return null;
  return (
    <span className="inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold text-primary-foreground" aria-label={`${unread} unread`}>
      {unread}
    </span>
  );
}

/** The calls and the texts as CSV; with a conversation open, its texts only. */
function ExportActions({ leadId }: { leadId: string | null }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ExportLink path="/api/calls/export.csv" size="sm">
        Export calls
      </ExportLink>
      <ExportLink path="/api/texts/export.csv" params={{ lead_id: leadId }} size="sm">
        {leadId ? 'Export this conversation' : 'Export texts'}
      </ExportLink>
    </div>
  );
}

export function CommunicationsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: CommunicationTab = requested === 'conversations' ? 'conversations' : 'send';
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Communications</h1>
          <p className="text-sm text-muted-foreground">Call and text your leads from the browser.</p>
        </div>
        <ExportActions leadId={tab === 'conversations' ? params.get(LEAD_PARAM) || null : null} />
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="send">{COMMUNICATION_TAB_LABELS.send}</TabsTrigger>
          <TabsTrigger value="conversations">
            {COMMUNICATION_TAB_LABELS.conversations} <UnreadCount />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="send" className="pt-4">
          <SendTab />
        </TabsContent>
        <TabsContent value="conversations" className="pt-4">
          <ConversationsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
