import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { queryKeys } from '@/lib/query-keys';
import { createInvitation } from './settings-api';

const inviteFormSchema = z.object({ email: emailSchema, role: z.enum(['admin', 'member']) });
type FormValues = z.input<typeof inviteFormSchema>;

/** Invite by email; the created link is shown so it can also be shared directly. */
export function InviteSection() {
  const client = useQueryClient();
  const emailId = useId();
  const roleId = useId();
  const [created, setCreated] = useState<{ email: string; link: string } | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof inviteFormSchema>>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const mutation = useMutation({
    mutationFn: createInvitation,
    onSuccess: async ({ invitation, link }) => {
      setCreated({ email: invitation.email, link });
      form.reset({ email: '', role: form.getValues('role') });
      toast.success('Invitation created', { description: `We sent an invitation to ${invitation.email}.` });
      await client.invalidateQueries({ queryKey: queryKeys.invitations });
    },
    onError: (error) => toast.error('Failed to create invitation', { description: error.message }),
  });
  const emailError = form.formState.errors.email?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a teammate</CardTitle>
        <CardDescription>They get an email with a link to join. Admins can manage the organization; members can work leads.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input
              id={emailId}
              type="email"
              placeholder="teammate@company.com"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={`${emailId}-error`}
              {...form.register('email')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <NativeSelect id={roleId} {...form.register('role')}>
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Inviting...' : 'Send invitation'}
          </Button>
        </form>
        <FieldError id={`${emailId}-error`} message={emailError} />
        {created && <CreatedLink email={created.email} link={created.link} />}
      </CardContent>
    </Card>
  );
}

function CreatedLink({ email, link }: { email: string; link: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy the link', { description: 'Select the link and copy it by hand.' });
    }
  };
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <p className="text-sm">
        Invitation link for <span className="font-medium">{email}</span>:
      </p>
      <div className="flex gap-2">
        <Input readOnly value={link} aria-label="Invitation link" onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
