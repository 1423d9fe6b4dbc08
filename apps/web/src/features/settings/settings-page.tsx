import { ChevronRightIcon, KeyRoundIcon, PhoneCallIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CHANGE_PASSWORD_PATH } from '@/features/auth/auth-api';
import { CreateOrganizationCard } from '@/features/organization/create-organization-card';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { useNoOrganizationNotice } from '@/features/organization/use-no-organization-notice';
import { AiSettingsSection } from './ai-settings-section';
import { InvitationsSection } from './invitations-section';
import { InviteSection } from './invite-section';
import { MembersSection } from './members-section';
import { OrganizationSection } from './organization-section';
import { ReportingSection } from './reporting-section';

/** A settings area with its own page: Voice & Dialer, Change password. */
function SettingsLinkCard({ to, icon: Icon, title, description }: { to: string; icon: LucideIcon; title: string; description: string }) {
  return (
    <Card className="transition-colors hover:bg-muted/40">
      <Link to={to} className="flex items-center gap-4 p-6 outline-none focus-visible:ring-2 focus-visible:ring-ring/40">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4.5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="block text-sm text-muted-foreground">{description}</span>
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Link>
    </Card>
  );
}

export function SettingsPage() {
  const me = useMe();
  const organization = me.data?.organization ?? null;
  useNoOrganizationNotice(me.data !== undefined && organization === null);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">Your organization, its members, calling, its AI features and your password.</p>
      </header>
      {me.isPending && <Skeleton className="h-40" />}
      {me.isError && <p className="text-sm text-destructive">{me.error.message}</p>}
      {me.data && !organization && <CreateOrganizationCard />}
      {me.data && organization && (
        <>
          <OrganizationSection organization={organization} role={me.data.role} />
          <MembersSection />
          {canManageOrganization(me.data.role) && (
            <>
              <InviteSection />
              <InvitationsSection />
            </>
          )}
          <SettingsLinkCard
            to="/settings/voice-dialer"
            icon={PhoneCallIcon}
            title="Voice & Dialer"
            description="Phone numbers, caller ID, calling hours and the Do Not Contact list."
          />
          <ReportingSection role={me.data.role} />
          <AiSettingsSection />
        </>
      )}
      {me.data && (
        <SettingsLinkCard to={CHANGE_PASSWORD_PATH} icon={KeyRoundIcon} title="Change password" description="Your own sign-in; your other devices are signed out." />
      )}
    </div>
  );
}
