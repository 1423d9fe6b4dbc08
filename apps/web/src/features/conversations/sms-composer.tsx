/**
 * The text box of a thread: a `n / 1600` counter, saved templates filled from the lead, Send (Enter sends,
 * Shift+Enter starts a new line). When the lead cannot be texted (DNC, calling hours, no phone) or the browser
 * is offline it is disabled and says why, before the agent types anything.
 */
import { fillTemplate, SMS_BODY_MAX, SMS_MESSAGES, SMS_TEMPLATES, type Lead } from '@wholesail/domain';
import { BanIcon, ClockIcon, FileTextIcon, PhoneOffIcon, SendIcon, WifiOffIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { fieldClassName } from '@/components/ui/input';
import { OFFLINE_MESSAGES, useOnlineStatus } from '@/features/offline/connectivity';
import { cn } from '@/lib/utils';
import type { TextBlock } from './conversations-api';
import { templateValues } from './message-format';
import { takeTextDraft } from './text-draft';


const BLOCK_ICONS: Readonly<Record<string, typeof BanIcon>> = {
  DNC_LISTED: BanIcon,
  OUTSIDE_CALLING_HOURS: ClockIcon,
  NO_PHONE: PhoneOffIcon,
  OFFLINE: WifiOffIcon,
};
const OFFLINE_BLOCK: TextBlock = { reason: OFFLINE_MESSAGES.texting, code: 'OFFLINE' };

type Props = {
  /** Fills the templates' {first_name} and {property_address}. */
  lead: Lead;
  /** Set when the lead cannot be texted: the composer is disabled and shows the reason. */
  blocked: TextBlock | null;
  /** Send stays off while the check has not answered yet. */
  checking: boolean;
  sending: boolean;
  /** Sends the text; the box is cleared at once and the text comes back if sending fails. */
  onSend: (body: string) => Promise<unknown>;
};

export function SmsComposer({ lead, blocked: leadBlock, checking, sending, onSend }: Props) {
  const online = useOnlineStatus();
  const blocked = leadBlock ?? (online ? null : OFFLINE_BLOCK);
  const [body, setBody] = useState(() => takeTextDraft(lead.id));
  const box = useRef<HTMLTextAreaElement>(null);
  const overId = useId();
  const length = body.length;
  const over = length > SMS_BODY_MAX;
  const disabled = blocked !== null;
  const canSend = !disabled && !checking && !sending && !over && body.trim() !== '';
  const values = templateValues(lead);
  const BlockIcon = (blocked?.code && BLOCK_ICONS[blocked.code]) || BanIcon;

  const send = () => {
    if (!canSend) return;
    const text = body;
    setBody('');
    onSend(text.trim()).catch(() => setBody((current) => (current === '' ? text : current)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertTemplate = (template: string) => {
    const filled = fillTemplate(template, values);
    setBody((current) => (current.trim() === '' ? filled : `${current.trimEnd()} ${filled}`));
  };

  return (
    <form className="grid gap-2 border-t p-3" aria-label="Send a text" onSubmit={onSubmit}>
      {blocked && (
        <Alert variant="destructive" className="py-2">
          <BlockIcon aria-hidden />
          <span>{blocked.reason}</span>
        </Alert>
      )}
      <textarea
        ref={box}
        aria-label="Message"
        aria-invalid={over || undefined}
        aria-describedby={over ? overId : undefined}
        rows={3}
        className={cn(fieldClassName, 'h-auto max-h-48 min-h-20 resize-y py-2')}
        placeholder={disabled ? 'Texting is off for this lead' : 'Type a message… Enter sends, Shift+Enter adds a line'}
        value={body}
        disabled={disabled}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="outline" size="sm" disabled={disabled}>
              <FileTextIcon aria-hidden /> Templates
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="start"
            className="w-80"
            onCloseAutoFocus={(event) => {
              // Back to the text box, ready to edit the filled template.
              event.preventDefault();
              box.current?.focus();
            }}
          >
            <DropdownMenuLabel>Saved templates</DropdownMenuLabel>
            {SMS_TEMPLATES.map((template) => (
              <DropdownMenuItem key={template.id} className="grid gap-0.5" onSelect={() => insertTemplate(template.body)}>
                <span className="font-medium">{template.name}</span>
                <span className="line-clamp-2 text-xs text-muted-foreground">{fillTemplate(template.body, values)}</span>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <div className="flex items-center gap-3">
          {over && (
            <span id={overId} className="text-xs text-destructive">
              {SMS_MESSAGES.bodyTooLong}
            </span>
          )}
          <span className={cn('text-xs tabular-nums text-muted-foreground', over && 'font-medium text-destructive')} title={`Characters, at most ${SMS_BODY_MAX}`} data-testid="sms-counter">
            {length} / {SMS_BODY_MAX}
          </span>
          <Button type="submit" size="sm" disabled={!canSend}>
            <SendIcon aria-hidden /> Send
          </Button>
        </div>
      </div>
    </form>
  );
}
