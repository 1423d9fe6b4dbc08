/**
 * The dialer's From Number selector (dialer.md §2): the user's organization (/api/me, then the organization), then
 * its active numbers. Each way loading them can fail has the §8 "Phone numbers and organization" message, shown
 * with a Retry that reloads the page.
 */
import { formatPhone, type OrganizationPhoneNumber } from '@wholesail/domain';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useMe, useOrganization } from '@/features/organization/organization-api';
import { usePhoneNumbers } from '@/features/voice-dialer/phone-numbers-api';
import { NO_PHONE_NUMBERS } from '@/features/voice-dialer/messages';
import { errorText } from '@/lib/api';
import { reloadPage } from '@/lib/reload-page';

export const CALLER_NUMBER_ERRORS = {
  me: 'Unable to load user organization data',
  noOrganization: 'User is not associated with an organization',
  organization: 'Failed to load organization data',
  numbers: 'Failed to load phone numbers. Please try refreshing the page.',
} as const;

export type CallerNumbers =
  | { state: 'loading' }
  | { state: 'error'; message: string; detail: string | null }
  | { state: 'ready'; organizationName: string; numbers: OrganizationPhoneNumber[] };

/** The numbers calls may go out from: the active numbers of the user's organization, or why there are none. */
export function useCallerNumbers(): CallerNumbers {
  const me = useMe();
  const hasOrganization = Boolean(me.data?.organization);
  const organization = useOrganization(hasOrganization);
  const numbers = usePhoneNumbers();
  const failed = (message: string, error: unknown): CallerNumbers => ({ state: 'error', message, detail: error ? errorText(error, '') || null : null });
  if (me.isError) return failed(CALLER_NUMBER_ERRORS.me, me.error);
  if (me.isPending) return { state: 'loading' };
  if (!hasOrganization) return failed(CALLER_NUMBER_ERRORS.noOrganization, null);
  if (organization.isError) return failed(CALLER_NUMBER_ERRORS.organization, organization.error);
  if (numbers.isError) return failed(CALLER_NUMBER_ERRORS.numbers, numbers.error);
  if (organization.isPending || numbers.isPending) return { state: 'loading' };
  return { state: 'ready', organizationName: organization.data.name, numbers: numbers.data.filter((n) => n.is_active) };
}

type FromNumberFieldProps = { id: string; source: CallerNumbers; value: string; disabled: boolean; onChange: (phoneNumber: string) => void };

export function FromNumberField({ id, source, value, disabled, onChange }: FromNumberFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>From Number</Label>
      {source.state === 'loading' ? (
        <NativeSelect id={id} disabled value="">
          <option value="">Loading...</option>
        </NativeSelect>
      ) : source.state === 'error' ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm">
          <p className="font-medium text-destructive">{source.message}</p>
          {source.detail && <p className="text-muted-foreground">{source.detail}</p>}
          <Button variant="outline" size="sm" className="justify-self-start" onClick={reloadPage}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <NativeSelect id={id} value={value} disabled={source.numbers.length === 0 || disabled} onChange={(event) => onChange(event.target.value)}>
            <option value="">Select phone number</option>
            {source.numbers.map((n) => (
              <option key={n.id} value={n.phone_number}>
                {formatPhone(n.phone_number)}
                {n.label ? ` — ${n.label}` : ''}
              </option>
            ))}
          </NativeSelect>
          {source.numbers.length === 0 ? (
            <p className="text-xs text-muted-foreground">
              {NO_PHONE_NUMBERS.title}. {NO_PHONE_NUMBERS.description}.
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Numbers of {source.organizationName}</p>
          )}
        </>
      )}
    </div>
  );
}
