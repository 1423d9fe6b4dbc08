import { Skeleton } from '@/components/ui/skeleton';
import { CreateOrganizationCard } from '@/features/organization/create-organization-card';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { useNoOrganizationNotice } from '@/features/organization/use-no-organization-notice';
import { AddNumberForm } from './add-number-form';
import { CallingSettingsSection } from './calling-settings-section';
import { OutcomeStatusSection } from './outcome-status-section';
import { DefaultCallerIdSection } from './default-caller-id';
import { DoNotContactLinkCard } from './do-not-contact-link-card';
import { PhoneNumbersSection } from './phone-numbers-section';

/** /settings/voice-dialer: the organization's numbers, the user's default caller ID, the calling rules and the way to the Do Not Contact list. */
export function VoiceDialerSettingsPage() {
  const me = useMe();
  const organization = me.data?.organization ?? null;
  useNoOrganizationNotice(me.data !== undefined && organization === null);
  const canManage = canManageOrganization(me.data?.role ?? null);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Voice &amp; Dialer Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">Your organization’s phone numbers, your default caller ID, the voice line, calling hours and limits, the status a call outcome gives a lead, and the Do Not Contact list.</p>
      </header>
      {me.isPending && <Skeleton className="h-40" />}
      {me.isError && <p className="text-sm text-destructive">{me.error.message}</p>}
      {me.data && !organization && <CreateOrganizationCard />}
      {me.data && organization && (
        <>
          <PhoneNumbersSection canManage={canManage} />
          {canManage && <AddNumberForm />}
          <DefaultCallerIdSection />
          <CallingSettingsSection canManage={canManage} />
          <OutcomeStatusSection canManage={canManage} />
          <DoNotContactLinkCard />
        </>
      )}
    </div>
  );
}
