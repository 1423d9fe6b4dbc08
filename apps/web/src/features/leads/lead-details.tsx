import { completenessVariant, displayName, LEAD_FIELD_NAMES, leadCompleteness, type Lead } from '@wholesail/domain';
import { BanIcon, BugIcon, MailIcon, MessageSquareIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { BlockedButton } from '@/components/ui/blocked-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { conversationHref } from '@/features/conversations/conversation-links';
import { DNC_BADGE_TITLE, DncBadge, DncDetails } from '@/features/conversations/dnc-badge';
import { cn } from '@/lib/utils';
import { LeadAiActions } from './ai-actions';
import { CallLink } from './call-link';
import { ContactBlockReasons, useContactBlocks } from './contact-blocks';
import { DataDebugDialog } from './data-debug-dialog';
import { CommunicationTab, FinancialTab, IntelligenceTab, LEAD_TABS, OverviewTab, PropertyTab, type LeadTab } from './lead-details-tabs';
import { leadAddress, populatedFields, primaryEmail } from './lead-format';
import { LeadStatusBadge } from './lead-status-badge';
import type { LeadDetail } from './leads-api';
import { MarkDncButton } from './mark-dnc-dialog';
import { ScrollFadeArea } from './scroll-fade-area';

const TAB_CONTENT: Readonly<Record<LeadTab, (props: { lead: Lead }) => ReactNode>> = {
  overview: OverviewTab,
  property: PropertyTab,
  financial: FinancialTab,
  communication: CommunicationTab,
  intelligence: IntelligenceTab,
};

export function LeadBadges({ lead }: { lead: Lead }) {
  const fields = populatedFields(lead).length;
  const percent = leadCompleteness(lead).percent;
  return (
    <>
      <Badge variant="outline" title={`${fields} of ${LEAD_FIELD_NAMES.length} fields populated`}>
        {fields} fields
      </Badge>
      <Badge variant={completenessVariant(percent)} title="Share of the 12 key fields that are filled in">
        {percent}% Complete
      </Badge>
    </>
  );
}

/** Call, Send SMS and Email; Call and Send SMS say why when the lead may not be called or texted now. */
export function LeadActions({ lead }: { lead: LeadDetail }) {
  const email = primaryEmail(lead);
  const blocks = useContactBlocks(lead);
  const sms = (
    <>
      <MessageSquareIcon aria-hidden /> Send SMS
    </>
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <CallLink lead={lead} label="Call Lead" size="default" variant="default" refusal={blocks.call} />
        {blocks.text ? (
          <BlockedButton reason={blocks.text} label="Send SMS" variant="outline">
            {sms}
          </BlockedButton>
        ) : (
          <Link className={buttonVariants({ variant: 'outline' })} to={conversationHref(lead.id)}>
            {sms}
          </Link>
        )}
        {email ? (
          <a className={buttonVariants({ variant: 'outline' })} href={`mailto:${email}`}>
            <MailIcon aria-hidden /> Email
          </a>
        ) : (
          <Button variant="outline" disabled title="No email address">
            <MailIcon aria-hidden /> Email
          </Button>
        )}
      </div>
      <ContactBlockReasons blocks={blocks} />
    </div>
  );
}

/** Which of the lead's numbers are on the Do Not Call list and why, under the lead's name. */
function LeadDncNotice({ lead }: { lead: LeadDetail }) {
  return (
    <section aria-label="Do Not Call" className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <BanIcon className="size-4" aria-hidden />
        {DNC_BADGE_TITLE}
      </p>
      <DncDetails lead={lead} />
    </section>
  );
}

type Props = {
  lead: LeadDetail;
  /** The heading element: a DialogTitle in the dialog, an h1 on the page. */
  renderTitle: (name: string) => ReactNode;
  /** In the dialog the tab content scrolls inside a fading scroll area; on the page the page scrolls. */
  scrollable: boolean;
  /** Extra header controls (the dialog's close button). */
  headerEnd?: ReactNode;
};

/** The lead details content shared by the dialog and the /leads/:id page. */
export function LeadDetails({ lead, renderTitle, scrollable, headerEnd }: Props) {
  const [tab, setTab] = useState<LeadTab>('overview');
  const [debugOpen, setDebugOpen] = useState(false);
  const name = displayName(lead);
  const address = leadAddress(lead);
  const Content = TAB_CONTENT[tab];
  const body = (
    <TabsContent value={tab} forceMount className="pt-1">
      <Content lead={lead} />
    </TabsContent>
  );

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as LeadTab)} className={cn('flex flex-col gap-4', scrollable && 'min-h-0 flex-1')}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          {renderTitle(name)}
          {address && <p className="truncate text-sm text-muted-foreground">{address}</p>}
          <div className="flex flex-wrap items-center gap-1.5">
            {lead.status && <LeadStatusBadge status={lead.status} />}
            <LeadBadges lead={lead} />
            {lead.dnc_status ? <DncBadge /> : <MarkDncButton lead={lead} />}
          </div>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={() => setDebugOpen(true)} aria-label="Data debug" title="Data debug">
            <BugIcon aria-hidden />
          </Button>
          {headerEnd}
        </div>
      </header>
      {lead.dnc_status && <LeadDncNotice lead={lead} />}
      <LeadAiActions lead={lead} />
      <TabsList className="self-start">
        {LEAD_TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {scrollable ? <ScrollFadeArea className="pr-1">{body}</ScrollFadeArea> : body}
      <footer className="border-t pt-4">
        <LeadActions lead={lead} />
      </footer>
      <DataDebugDialog lead={lead} open={debugOpen} onOpenChange={setDebugOpen} />
    </Tabs>
  );
}
