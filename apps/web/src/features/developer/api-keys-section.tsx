import { formatDateTime, type ApiKey } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { SectionState } from '@/components/section-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyCard } from '@/components/ui/empty-card';
import { ListTableHeader, Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { queryKeys } from '@/lib/query-keys';
import { sentence } from '@/lib/sentence';
import { revokeApiKey, useApiKeys } from './api-keys-api';
import { CreateKeyDialog } from './create-key-dialog';

const when = (at: string | null, none: string) => (at ? formatDateTime(at) : none);

function KeyState({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.revoked_at) return <Badge variant="outline">Revoked {formatDateTime(apiKey.revoked_at)}</Badge>;
  if (apiKey.expires_at && new Date(apiKey.expires_at) <= new Date()) return <Badge variant="outline">Expired</Badge>;
  return <Badge variant="secondary">Active</Badge>;
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: () => {
      setOpen(false);
      void client.invalidateQueries({ queryKey: queryKeys.developer.apiKeys });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      onReset={() => revoke.reset()}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke ${apiKey.name}`}>
          <Trash2Icon aria-hidden /> Revoke
        </Button>
      }
      title={`Revoke “${apiKey.name}”?`}
      description="Whatever uses this key stops working at once. This cannot be undone: you would create a new key instead."
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      error={revoke.error ? sentence(revoke.error.message) : null}
      pending={revoke.isPending}
      onConfirm={revoke.mutate}
    />
  );
}

/** The organization's API keys: a table on a computer, stacked cards on a phone; create (shown once) and revoke. */
export function ApiKeysSection({ canManage }: { canManage: boolean }) {
  const keys = useApiKeys(canManage);
  return (
    <section className="grid gap-3" aria-labelledby="api-keys-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="api-keys-title" className="text-lg font-semibold">API keys</h2>
          <p className="text-sm text-muted-foreground">Let Zapier, Make or your own scripts use Wholesail’s API as your organization.</p>
        </div>
        {canManage && <CreateKeyDialog />}
      </div>
      {!canManage ? (
        <EmptyCard icon={KeyRoundIcon} title="Only owners and admins manage API keys" text="Ask an owner or admin of your organization for a key." />
      ) : (
        <SectionState query={keys} empty={<EmptyCard icon={KeyRoundIcon} title="No API keys yet" text="Create a key with only the scopes your tool needs. You will see it once, when you create it." />}>
          {(items) => (
            <Card>
              <Table>
                <ListTableHeader columns={['Name', 'Scopes', 'Created', 'Last used', 'Expires']} />
                <TableBody>
                  {items.map((k) => (
                    <TableRow key={k.id} data-state={k.revoked_at ? 'revoked' : 'active'}>
                      <TableCell>
                        <div className="font-medium">{k.name}</div>
                        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                          <code className="font-mono">{k.prefix}_…</code>
                          <KeyState apiKey={k} />
                        </div>
                      </TableCell>
                      <TableCell label="Scopes" className="max-w-[18rem] max-sm:max-w-none">
                        <div className="flex flex-wrap gap-1">
                          {k.scopes.map((s) => (
                            <Badge key={s} variant="outline" className="font-mono text-[11px]">{s}</Badge>
                          ))}
                        </div>
                      </TableCell>
                      <TableCell label="Created" className="text-sm">
                        {formatDateTime(k.created_at)}
                        {k.created_by && <div className="text-xs text-muted-foreground">by {k.created_by.name}</div>}
                      </TableCell>
                      <TableCell label="Last used" className="text-sm">{when(k.last_used_at, 'Never')}</TableCell>
                      <TableCell label="Expires" className="text-sm">{when(k.expires_at, 'Never')}</TableCell>
                      <TableCell className="text-right whitespace-nowrap">{!k.revoked_at && <RevokeButton apiKey={k} />}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )}
        </SectionState>
      )}
    </section>
  );
}
