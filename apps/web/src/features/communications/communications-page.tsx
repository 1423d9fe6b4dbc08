/** /communications: the dialer ('send' tab) and SMS conversations ('conversations' tab, a later release). */
import { displayName, formatPhone, type Lead } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareIcon, SearchIcon } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { DialerData } from '@/features/dialer/dialer-store';
import { dialerDataFor } from '@/features/leads/call-link';
import { leadAddress, primaryPhone } from '@/features/leads/lead-format';
import type { LeadList } from '@/features/leads/leads-api';
import { apiRequest } from '@/lib/api';

const VoiceDialerPanel = lazy(() => import('@/features/dialer/voice-dialer-panel').then((m) => ({ default: m.VoiceDialerPanel })));

export const COMMUNICATION_TABS = ['send', 'conversations'] as const;
type CommunicationTab = (typeof COMMUNICATION_TABS)[number];

function LeadPicker({ onPick }: { onPick: (lead: Lead) => void }) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const results = useQuery({
    queryKey: ['leads', 'picker', term],
    queryFn: ({ signal }) => apiRequest<LeadList>(`/api/leads?search=${encodeURIComponent(term)}&limit=10`, { signal }),
    enabled: term.length > 0,
  });
  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input className="pl-9" aria-label="Search leads" placeholder="Search leads by name, address or phone" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {term && results.isPending && <p className="text-sm text-muted-foreground">Searching...</p>}
      {results.isError && <p className="text-sm text-destructive">{results.error.message}</p>}
      {results.data && results.data.items.length === 0 && <p className="text-sm text-muted-foreground">No leads found</p>}
      {results.data && results.data.items.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label="Lead results">
          {results.data.items.map((lead) => {
            const phone = primaryPhone(lead);
            return (
              <li key={lead.id}>
                <button type="button" className="grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-muted" onClick={() => onPick(lead)}>
                  <span className="font-medium">{displayName(lead)}</span>
                  <span className="text-muted-foreground">
                    {[leadAddress(lead), phone ? formatPhone(phone) : 'No phone number'].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

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

export function CommunicationsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: CommunicationTab = requested === 'conversations' ? 'conversations' : 'send';
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Communications</h1>
        <p className="text-sm text-muted-foreground">Call your leads from the browser.</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="send">Dialer</TabsTrigger>
          <TabsTrigger value="conversations">Conversations</TabsTrigger>
        </TabsList>
        <TabsContent value="send" className="pt-4">
          <SendTab />
        </TabsContent>
        <TabsContent value="conversations" className="pt-4">
          <Card>
            <CardContent className="flex items-center gap-3 py-8 text-sm text-muted-foreground">
              <MessageSquareIcon className="size-5" aria-hidden />
              SMS conversations arrive with the messaging release.
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
