import type { CreatedApiKey } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { createApiKey } from './api-keys-api';
import { CreateKeyForm } from './create-key-form';

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
            <div className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/50 p-3">
              <code className="min-w-0 flex-1 font-mono text-sm break-all" aria-label="The new API key">
                {created.key}
              </code>
              <CopyButton text={created.key} aria-label="Copy the key" />
            </div>
            <Alert variant="warning">
              <TriangleAlertIcon aria-hidden />
              <span>Anyone with this key can do what its scopes allow. If it leaks, revoke it and create another.</span>
            </Alert>
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
