import { zodResolver } from '@hookform/resolvers/zod';
import { createOrganizationBody, TOASTS } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { createOrganization } from './organization-api';

type FormValues = z.input<typeof createOrganizationBody>;

/** For a signed-in user without an organization: create one and become its owner. */
export function CreateOrganizationCard() {
  const client = useQueryClient();
  const inputId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof createOrganizationBody>>({
    resolver: zodResolver(createOrganizationBody),
    defaultValues: { org_name: '' },
  });
  const mutation = useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      toast.success(TOASTS.organizationCreated);
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.me }),
        client.invalidateQueries({ queryKey: queryKeys.organizations }),
      ]);
    },
    onError: () => toast.error(TOASTS.createOrgFailed, { description: TOASTS.createOrgFailedDescription }),
  });
  const error = form.formState.errors.org_name?.message;

  return (
    <Card className="max-w-lg">
      <CardHeader>
        <Building2 className="size-5 text-primary" aria-hidden />
        <CardTitle>Create your organization</CardTitle>
        <CardDescription>Leads, buyers, calls and settings all belong to an organization. Create one to get started; you will be its owner.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={form.handleSubmit((values) => mutation.mutate(values.org_name))}>
          <div className="grid flex-1 gap-2">
            <Label htmlFor={inputId} className="sr-only">
              Organization name
            </Label>
            <Input
              id={inputId}
              placeholder="Acme Home Buyers"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-error`}
              {...form.register('org_name')}
            />
            <FieldError id={`${inputId}-error`} message={error} />
          </div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Creating...' : 'Create organization'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
