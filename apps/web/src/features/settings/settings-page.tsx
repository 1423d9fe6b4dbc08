import { Skeleton } from '@/components/ui/skeleton';
import { CreateOrganizationCard } from '@/features/organization/create-organization-card';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { useNoOrganizationNotice } from '@/features/organization/use-no-organization-notice';
import { AiSettingsSection } from './ai-settings-section';
import { InvitationsSection } from './invitations-section';
import { InviteSection } from './invite-section';
import { MembersSection } from './members-section';
import { OrganizationSection } from './organization-section';

export function SettingsPage() {
  const me = useMe();
  const organization = me.data?.organization ?? null;
  useNoOrganizationNotice(me.data !== undefined && organization === null);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">Your organization, its members and its AI features.</p>
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
          <AiSettingsSection />
        </>
      )}
    </div>
  );
}
