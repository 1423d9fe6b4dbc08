import { SEND_CHANNEL_LABELS, SEND_MESSAGE_MAX, type BuyerSend, type BuyerSendOutcome, type SendChannel } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, Loader2Icon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { sendToBuyers, sentLines } from './sends-api';

export interface SendTarget {
  id: string;
  name: string;
}

const STATUS_LABELS: Record<BuyerSendOutcome['status'], string> = { sent: 'Sent', refused: 'Refused', failed: 'Failed', skipped: 'Skipped' };
const STATUS_VARIANT = { sent: 'default', refused: 'destructive', failed: 'destructive', skipped: 'outline' } as const;

/** The set with `item` in it or out of it. */
export function toggled<T>(set: ReadonlySet<T>, item: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
}

/** "Send to matched buyers": channels, a short message, the buyers already sent (sent again only when the agent ticks it), then each outcome. */
export function SendToBuyersDialog({ dealId, buyers, sends, open, onOpenChange }: { dealId: string; buyers: SendTarget[]; sends: BuyerSend[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">{open && <SendForm dealId={dealId} buyers={buyers} sends={sends} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function SendForm({ dealId, buyers, sends, onDone }: { dealId: string; buyers: SendTarget[]; sends: BuyerSend[]; onDone: () => void }) {
  const client = useQueryClient();
  const messageId = useId();
  const [channels, setChannels] = useState<Set<SendChannel>>(new Set(['email']));
  const [message, setMessage] = useState('');
  const [resend, setResend] = useState(false);
  const send = useMutation({
    mutationFn: () => sendToBuyers(dealId, { buyer_ids: buyers.map((b) => b.id), channels: [...channels], message: message.trim() || undefined, resend }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.buyers.dealSends(dealId) }),
  });
  const lines = sentLines(sends.filter((s) => channels.has(s.channel)));
  const already = buyers.filter((b) => lines.has(b.id));
  const names = new Map(buyers.map((b) => [b.id, b.name]));

  if (send.data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Sent to matched buyers</DialogTitle>
          <DialogDescription>Each buyer and channel, with what happened.</DialogDescription>
        </DialogHeader>
        <ul aria-label="Send outcomes" className="max-h-[50vh] divide-y overflow-y-auto rounded-md border text-sm">
          {send.data.items.map((o) => (
            <li key={`${o.buyer_id}-${o.channel}`} className="grid gap-1 px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{names.get(o.buyer_id) ?? o.buyer_name}</span>
                <Badge variant={STATUS_VARIANT[o.status]}>
                  {STATUS_LABELS[o.status]} · {SEND_CHANNEL_LABELS[o.channel]}
                </Badge>
              </div>
              {o.reason && <span className="text-muted-foreground">{o.reason}</span>}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </>
    );
  }

  const toggle = (channel: SendChannel, on: boolean) => setChannels((current) => toggled(current, channel, on));
  return (
    <>
      <DialogHeader>
        <DialogTitle>Send to matched buyers</DialogTitle>
        <DialogDescription>
          {buyers.length} {buyers.length === 1 ? 'buyer gets' : 'buyers get'} the deal with their own link to its room. Texts go through the calling rules and end with
          &ldquo;Reply STOP to opt out.&rdquo;
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Channels</legend>
        <div className="flex flex-wrap gap-4">
          {(['email', 'sms'] as const).map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={channels.has(channel)} onChange={(e) => toggle(channel, e.target.checked)} />
              {channel === 'email' ? 'Email' : 'Text'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={messageId}>Message (optional)</Label>
        <textarea
          id={messageId}
          value={message}
          maxLength={SEND_MESSAGE_MAX}
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Cash only, close in 14 days. Showing Saturday 10–12."
          className="w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      {already.length > 0 && (
        <div className="grid gap-2 rounded-md border p-3 text-sm">
          <p className="font-medium">Already sent this deal</p>
          <ul className="grid gap-1 text-muted-foreground">
            {already.map((b) => (
              <li key={b.id}>
                {b.name}: {lines.get(b.id)!.join(', ')}
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" checked={resend} onChange={(e) => setResend(e.target.checked)} />
            Send again to those
          </label>
          {!resend && <p className="text-xs text-muted-foreground">Without this, they are skipped.</p>}
        </div>
      )}
      {send.error && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{send.error.message}</span>
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button onClick={() => send.mutate()} disabled={send.isPending || channels.size === 0}>
          {send.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
          Send
        </Button>
      </DialogFooter>
    </>
  );
}
