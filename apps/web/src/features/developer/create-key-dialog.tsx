import type { CreatedApiKey } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { createApiKey } from './api-keys-api';
import { CreateKeyForm } from './create-key-form';
import { SecretOnce } from './secret-once';

/** "Create key": the form, then the key itself, shown this once with a copy button. */
export function CreateKeyDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: createApiKey,
    onSuccess: (key) => {
      setCreated(key);
      void client.invalidateQueries({ queryKey: queryKeys.developer.apiKeys });
    },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      mutation.reset();
      setCreated(null);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <KeyRoundIcon aria-hidden /> Create key
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{created ? `Your new key “${created.name}”` : 'Create an API key'}</DialogTitle>
          <DialogDescription>
            {created ? 'Copy it now and keep it somewhere safe: it will not be shown again.' : 'A key acts for your organization, within the scopes you choose.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid gap-4">
            <SecretOnce secret={created.key} label="The new API key" warning="Anyone with this key can do what its scopes allow. If it leaks, revoke it and create another." />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          open && <CreateKeyForm pending={mutation.isPending} serverError={mutation.error} onSubmit={(body) => mutation.mutate(body)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
