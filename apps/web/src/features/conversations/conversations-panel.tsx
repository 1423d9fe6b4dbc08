/**
 * /communications?tab=conversations: the threads beside the open thread (stacked in a narrow column).
 * The open thread is in the URL (`&lead=<id>`), so a link opens it directly.
 */
import { MessagesSquareIcon, MessageSquarePlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LeadPicker } from '@/features/communications/lead-picker';
import { LEAD_PARAM } from './conversation-links';
import { ConversationView } from './conversation-view';
import { ThreadList } from './thread-list';

export function ConversationsPanel() {
  const [params, setParams] = useSearchParams();
  const leadId = params.get(LEAD_PARAM) || null;
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState(false);
  const threadCard = useRef<HTMLDivElement>(null);

  const open = (id: string) => {
    // Stacked on a narrow screen, the thread sits below the list: bring it into view.
    const card = threadCard.current;
    if (card && card.getBoundingClientRect().top > window.innerHeight / 2) card.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', 'conversations');
        next.set(LEAD_PARAM, id);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="@container">
      <div className="grid gap-4 @3xl:h-[calc(100dvh-14rem)] @3xl:min-h-[32rem] @3xl:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]">
        <Card className="flex max-h-96 min-h-0 flex-col overflow-hidden @3xl:max-h-none">
          <ThreadList search={search} onSearchChange={setSearch} selectedLeadId={leadId} onSelect={open} onNewText={() => setPicking(true)} className="flex-1" />
        </Card>
        <Card ref={threadCard} className="flex h-[36rem] min-h-0 scroll-mt-4 flex-col overflow-hidden @3xl:h-auto">
          {leadId ? (
            <ConversationView key={leadId} leadId={leadId} className="flex-1" />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
              <MessagesSquareIcon className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">Select a conversation</p>
              <p className="max-w-sm text-sm text-muted-foreground">Pick a thread to read and reply, or text a lead you have not written to yet.</p>
              <Button onClick={() => setPicking(true)}>
                <MessageSquarePlusIcon aria-hidden /> New text
              </Button>
            </div>
          )}
        </Card>
      </div>
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>New text</DialogTitle>
            <DialogDescription>Find the lead to text by name, address or phone.</DialogDescription>
          </DialogHeader>
          <LeadPicker
            autoFocus
            onPick={(lead) => {
              setPicking(false);
              open(lead.id);
            }}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
