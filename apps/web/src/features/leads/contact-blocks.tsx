import { BanIcon } from 'lucide-react';
import { useCallCheck } from '@/features/dialer/calls-api';
import { textBlock, useTextCheck } from '@/features/conversations/conversations-api';
import { callBlockReason } from './call-link';
import type { LeadDetail } from './leads-api';

export type ContactBlocks = { call: string | null; text: string | null };

/**
 * Why the lead cannot be called or texted now: the compliance checks (DNC by number, calling hours, the
 * per-number call limit), and the lead's own DNC flag and numbers before they answer. A check that fails
 * to answer blocks nothing: the dialer and the composer ask again before anything is sent.
 */
export function useContactBlocks(lead: LeadDetail): ContactBlocks {
  const dnc = lead.dnc_status === true;
  const call = useCallCheck(lead.id, null).data;
  const text = useTextCheck(lead.id, dnc).data;
  const callRefusal = call && !call.allowed ? (call.reason ?? 'Calling this lead is not allowed right now') : null;
  return { call: callBlockReason(lead, callRefusal), text: textBlock(text, dnc)?.reason ?? null };
}

/** The reasons in words next to the buttons, so they show on a touch screen without a hover. */
export function ContactBlockReasons({ blocks }: { blocks: ContactBlocks }) {
  const { call, text } = blocks;
  if (!call && !text) return null;
  const lines = call === text ? [call] : [call && `Calls: ${call}`, text && `Texts: ${text}`];
  return (
    <div className="grid gap-0.5 text-sm text-destructive sm:justify-items-end sm:text-right" data-testid="contact-blocked">
      {lines.filter(Boolean).map((line) => (
        <p key={line} className="flex items-start gap-1.5">
          <BanIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {line}
        </p>
      ))}
    </div>
  );
}
