import { ONBOARDING_ITEMS } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, CheckCircle2Icon, CircleIcon, PartyPopperIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { queryKeys } from '@/lib/query-keys';
import { sentence } from '@/lib/sentence';
import { dismissOnboarding, useOnboarding } from './onboarding-api';

/** /onboarding: the setup checklist; each item ticks itself when the work is done, and links to where it is done. */
export function OnboardingPage() {
  const onboarding = useOnboarding();
  const me = useMe();
  const canManage = me.data ? canManageOrganization(me.data.role) : false;
  const client = useQueryClient();
  const dismiss = useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (data) => client.setQueryData(queryKeys.onboarding, data),
  });
  const data = onboarding.data;
  const rows = data ? ONBOARDING_ITEMS.map((item) => ({ ...item, done: data.items.find((i) => i.key === item.key)?.done ?? false })) : [];

  return (
    <div className="grid min-w-0 max-w-3xl gap-6">
      <header className="grid gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Getting started</h1>
          <p className="mt-1 text-sm text-muted-foreground">Eight steps to a working team. Each one ticks itself when it is done — you can use every page in the meantime.</p>
        </div>
        {data && (
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">
              {data.done} of {data.total} done
            </p>
            <Progress value={(data.done / data.total) * 100} aria-label="Setup progress" />
          </div>
        )}
      </header>
      {data?.complete && (
        <Alert variant="success">
          <PartyPopperIcon aria-hidden />
          <span>Your organization is set up. This page stays here if you want to look back.</span>
        </Alert>
      )}
      {onboarding.isPending && <Skeleton className="h-96 w-full" />}
      {onboarding.isError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>{sentence(onboarding.error.message)}</span>
        </Alert>
      )}
      {data && (
        <Card className="p-0">
          <ol className="divide-y" aria-label="Setup steps">
            {rows.map((item) => (
              <li key={item.key} className="flex flex-wrap items-center gap-3 p-4" data-state={item.done ? 'done' : 'open'}>
                {item.done ? <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden /> : <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />}
                <div className="min-w-0 flex-1">
                  <p className={item.done ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>
                    {item.title}
                    <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{item.text}</p>
                </div>
                {!item.done && (
                  <Button asChild variant="outline" size="sm">
                    <Link to={item.href}>{item.action}</Link>
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </Card>
      )}
      {data && canManage && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          {data.dismissed_at ? (
            <>
              <span>The checklist is hidden: you land on the dashboard after signing in.</span>
              <Button variant="outline" size="sm" disabled={dismiss.isPending} onClick={() => dismiss.mutate(false)}>
                Show it after sign-in again
              </Button>
            </>
          ) : (
            !data.complete && (
              <>
                <span>Until every step is done, your team lands here after signing in.</span>
                <Button variant="outline" size="sm" disabled={dismiss.isPending} onClick={() => dismiss.mutate(true)}>
                  Hide the checklist
                </Button>
              </>
            )
          )}
          {dismiss.error && <span className="text-destructive">{sentence(dismiss.error.message)}</span>}
        </div>
      )}
    </div>
  );
}
