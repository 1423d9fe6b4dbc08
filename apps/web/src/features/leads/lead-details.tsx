import { completenessVariant, displayName, LEAD_FIELD_NAMES, type Lead } from '@wholesail/domain';
import { BugIcon, MailIcon, MessageSquareIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { conversationHref } from '@/features/conversations/conversation-links';
import { cn } from '@/lib/utils';
import { CallLink } from './call-link';
import { DataDebugDialog } from './data-debug-dialog';
import { CommunicationTab, FinancialTab, IntelligenceTab, LEAD_TABS, OverviewTab, PropertyTab, type LeadTab } from './lead-details-tabs';
import { completenessPercent, leadAddress, populatedFields, primaryEmail } from './lead-format';
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
  const percent = completenessPercent(lead);
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

export function LeadActions({ lead }: { lead: Lead }) {
  const email = primaryEmail(lead);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <CallLink lead={lead} label="Call Lead" size="default" variant="default" />
      <Link className={buttonVariants({ variant: 'outline' })} to={conversationHref(lead.id)}>
        <MessageSquareIcon aria-hidden /> Send SMS
      </Link>
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
  );
}

type Props = {
  lead: Lead;
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
            <LeadBadges lead={lead} />
          </div>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={() => setDebugOpen(true)} aria-label="Data debug" title="Data debug">
            <BugIcon aria-hidden />
          </Button>
          {headerEnd}
        </div>
      </header>
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
