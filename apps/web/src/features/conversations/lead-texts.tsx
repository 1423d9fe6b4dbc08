/** The lead's text history and composer, on the lead page and in the lead dialog (Communication tab). */
import type { Lead } from '@wholesail/domain';
import { ExternalLinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { conversationHref } from './conversation-links';
import { ConversationView } from './conversation-view';

export function LeadTexts({ lead }: { lead: Lead }) {
  return (
    <section className="grid overflow-hidden rounded-lg border" aria-label="Texts">
      <div className="flex items-center justify-between gap-2 px-4 pt-4">
        <h3 className="text-sm font-semibold">Texts</h3>
        <Link to={conversationHref(lead.id)} className="inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline">
          Open in Communications <ExternalLinkIcon className="size-3" aria-hidden />
        </Link>
      </div>
      <ConversationView leadId={lead.id} lead={lead} showHeader={false} className="h-[28rem]" />
    </section>
  );
}
