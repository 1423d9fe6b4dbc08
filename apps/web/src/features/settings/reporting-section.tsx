import { zodResolver } from '@hookform/resolvers/zod';
import { REPORTING_TIME_ZONES, reportingSettingsSchema, type Me, type ReportingSettings } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { saveReportingSettings, useReportingSettings } from '@/features/analytics/analytics-api';
import { zoneOptionLabel } from '@/features/analytics/zone-names';
import { FormField, fieldProps } from '@/features/deals/form-field';
import { canManageOrganization } from '@/features/organization/organization-api';
import { sentence } from '@/lib/sentence';
import { useServerFieldErrors } from '@/lib/use-server-field-errors';
import { FormProblem } from '@/components/form-problem';
import { queryKeys } from '@/lib/query-keys';
import { useAnchorScroll } from '@/lib/use-anchor-scroll';

const FIELDS = ['timeZone', 'dailyDialGoal', 'dailyConnectGoal'] as const;
type Field = (typeof FIELDS)[number];

// A blank or unreadable goal reaches the shared schema as NaN, which it refuses with the field's message.
const goal = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));

/** The form's text, turned into the settings and checked with the shared reportingSettingsSchema. */
const formSchema = z
  .object({ timeZone: z.string(), dailyDialGoal: z.string(), dailyConnectGoal: z.string() })
  .transform((v) => ({ timeZone: v.timeZone, dailyDialGoal: goal(v.dailyDialGoal), dailyConnectGoal: goal(v.dailyConnectGoal) }))
  .pipe(reportingSettingsSchema);
type FormValues = z.input<typeof formSchema>;

const valuesOf = (s: ReportingSettings): FormValues => ({ timeZone: s.timeZone, dailyDialGoal: String(s.dailyDialGoal), dailyConnectGoal: String(s.dailyConnectGoal) });

/** The card's anchor: the dashboard's "Set goals" opens /settings#reporting. */
const REPORTING_ANCHOR = 'reporting';

/** Reporting: the time zone reports count days in, and the team's daily goals; owners and admins change them. */
export function ReportingSection({ role }: { role: Me['role'] }) {
  const settings = useReportingSettings();
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // Once the card has its content: the sections above may still be loading and move it down.
  useAnchorScroll(card, hash === `#${REPORTING_ANCHOR}` && settings.isSuccess);
  return (
    <Card ref={card} id={REPORTING_ANCHOR} className="scroll-mt-4" role="region" aria-label="Reporting">
      <CardHeader>
        <CardTitle>Reporting</CardTitle>
        <CardDescription>The time zone your analytics count days in, and your team’s daily dial and connect goals.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-24" />}
        {settings.isError && <p className="text-sm text-destructive">{settings.error.message}</p>}
        {settings.data &&
          (canManageOrganization(role) ? (
            <ReportingForm key={JSON.stringify(settings.data)} settings={settings.data} />
          ) : (
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Time zone</dt>
                <dd className="font-medium">{zoneOptionLabel(settings.data.timeZone)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Daily dial goal</dt>
                <dd className="font-medium tabular-nums">{settings.data.dailyDialGoal.toLocaleString('en-US')}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Daily connect goal</dt>
                <dd className="font-medium tabular-nums">{settings.data.dailyConnectGoal.toLocaleString('en-US')}</dd>
              </div>
            </dl>
          ))}
      </CardContent>
    </Card>
  );
}

function ReportingForm({ settings }: { settings: ReportingSettings }) {
  const id = useId();
  const client = useQueryClient();
  const form = useForm<FormValues, unknown, ReportingSettings>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(settings) });
  const mutation = useMutation({
    mutationFn: saveReportingSettings,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.reporting, saved);
      toast.success('Reporting settings saved');
    },
  });
  const serverError = mutation.error;
  const named = useServerFieldErrors(form.setError, serverError, FIELDS);
  const error = (name: Field) => {
    const message = form.formState.errors[name]?.message;
    return message ? sentence(message) : undefined;
  };
  const props = (name: Field) => ({ ...fieldProps(`${id}-${name}`, error(name)), ...form.register(name) });

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <FormField id={`${id}-timeZone`} label="Time zone" error={error('timeZone')}>
          <NativeSelect {...props('timeZone')}>
            {REPORTING_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zoneOptionLabel(zone)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-dailyDialGoal`} label="Daily dial goal" error={error('dailyDialGoal')}>
          <Input type="text" inputMode="numeric" autoComplete="off" className="tabular-nums" {...props('dailyDialGoal')} />
        </FormField>
        <FormField id={`${id}-dailyConnectGoal`} label="Daily connect goal" error={error('dailyConnectGoal')}>
          <Input type="text" inputMode="numeric" autoComplete="off" className="tabular-nums" {...props('dailyConnectGoal')} />
        </FormField>
      </div>
      <FormProblem error={serverError} shownOnField={named} />
      <div>
        <Button type="submit" disabled={mutation.isPending || !form.formState.isDirty}>
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Save reporting settings
        </Button>
      </div>
    </form>
  );
}
