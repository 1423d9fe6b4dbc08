import { displayName, LEAD_RESTORE_DAYS } from '@wholesail/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { leadAddress } from './lead-format';
import { LEADS_PAGE_SIZE, type LeadList } from './leads-api';

/** The "Deleted" view of /leads: leads deleted in the last 30 days, each with Restore for owners and admins. */
export function DeletedLeads() {
  const me = useMe();
  const canRestore = canManageOrganization(me.data?.role ?? null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.leads.deleted,
    queryFn: ({ signal }) => apiRequest<LeadList>(`/api/leads?deleted=true&limit=${LEADS_PAGE_SIZE}`, { signal }),
  });
  const restore = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/leads/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads.all }),
  });
  const items = list.data?.items ?? [];

  return (
    <Card>
      <CardContent className="grid gap-3 py-4">
        <p className="text-sm text-muted-foreground">
          Deleted leads stay here for {LEAD_RESTORE_DAYS} days. {canRestore ? 'Restore one to bring it back with its status.' : 'An owner or admin can restore them.'}
        </p>
        {list.isError && <p role="alert" className="text-sm text-destructive">{list.error.message}</p>}
        {restore.isError && <p role="alert" className="text-sm text-destructive">{restore.error.message}</p>}
        {list.data && items.length === 0 && <p className="text-sm">No deleted leads.</p>}
        {items.length > 0 && (
          <ul aria-label="Deleted leads" className="divide-y">
            {items.map((lead) => (
              <li key={lead.id} aria-label={displayName(lead)} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-medium">{displayName(lead)}</p>
                  <p className="text-sm text-muted-foreground">{leadAddress(lead)}</p>
                </div>
                {canRestore && (
                  <Button variant="outline" size="sm" disabled={restore.isPending} onClick={() => restore.mutate(lead.id)}>
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
