import { zodResolver } from '@hookform/resolvers/zod';
import { TOASTS, updateOrganizationBody, type Me } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { canManageOrganization, renameOrganization } from '@/features/organization/organization-api';
import { capitalize } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';

type Props = { organization: { id: string; name: string }; role: Me['role'] };

/** The organization's name; owners and admins can rename it. */
export function OrganizationSection({ organization, role }: Props) {
  const canEdit = canManageOrganization(role);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>Everything in Wholesail belongs to this organization and is shared with its members.</CardDescription>
      </CardHeader>
      <CardContent>
        {canEdit ? (
          <RenameForm key={organization.name} name={organization.name} />
        ) : (
          <dl className="grid gap-1">
            <dt className="text-sm text-muted-foreground">Name</dt>
            <dd className="font-medium">{organization.name}</dd>
          </dl>
        )}
        {role && (
          <p className="mt-4 text-sm text-muted-foreground">
            Your role: <Badge variant="secondary">{capitalize(role)}</Badge>
            {!canEdit && ' — only owners and admins can change organization settings.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type FormValues = z.input<typeof updateOrganizationBody>;

function RenameForm({ name }: { name: string }) {
  const client = useQueryClient();
  const inputId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof updateOrganizationBody>>({
    resolver: zodResolver(updateOrganizationBody),
    defaultValues: { name },
  });
  const mutation = useMutation({
    mutationFn: renameOrganization,
    onSuccess: async () => {
      toast.success(TOASTS.organizationUpdated);
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.me }), client.invalidateQueries({ queryKey: queryKeys.organizations })]);
    },
    onError: (error) => toast.error(TOASTS.updateOrgFailed, { description: error.message }),
  });
  const error = form.formState.errors.name?.message;

  return (
    <form noValidate className="grid max-w-md gap-2" onSubmit={form.handleSubmit((values) => mutation.mutate(values.name))}>
      <Label htmlFor={inputId}>Name</Label>
      <div className="flex gap-2">
        <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={`${inputId}-error`} {...form.register('name')} />
        <Button type="submit" disabled={mutation.isPending || !form.formState.isDirty}>
          {mutation.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <FieldError id={`${inputId}-error`} message={error} />
    </form>
  );
}
