import { formatPhone, type ReferralPartner } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { ListTableHeader, Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { queryKeys } from '@/lib/query-keys';
import { PartnerDialog } from './partner-dialog';
import { deletePartner, usePartners } from './referrals-api';
import { SectionState } from '@/components/section-state';
import { sentence } from '@/lib/sentence';

const none = <span className="text-muted-foreground">—</span>;

/** The organization's partners: a table on a computer, stacked cards on a phone; add, edit, delete. */
export function PartnersSection() {
  const partners = usePartners();
  const [editing, setEditing] = useState<ReferralPartner | null | 'new'>(null);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (p: ReferralPartner) => deletePartner(p.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.referrals.partners }),
    onError: (error) => toast.error('Could not delete the partner', { description: sentence(error.message) }),
  });

  return (
    <section className="grid gap-3" aria-labelledby="partners-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="partners-title" className="text-lg font-semibold">Partners</h2>
          <p className="text-sm text-muted-foreground">Licensed agents and brokerages you refer sellers to.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden /> Add partner
        </Button>
      </div>
      <SectionState query={partners} empty={<EmptyCard icon={UserRoundIcon} title="No partners yet" text="Add the agents you trust with sellers who want a retail price. Each needs a licence number and state." />}>
        {(items) => (
          <Card>
            <Table>
              <ListTableHeader columns={['Agent', 'Licence', 'Markets', 'Fee', 'Contact']} />
              <TableBody>
                {items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <div>
                        <div className="font-medium">
                          {p.name} {!p.is_active && <Badge variant="outline">Inactive</Badge>}
                        </div>
                        {p.brokerage && <div className="text-xs text-muted-foreground">{p.brokerage}</div>}
                      </div>
                    </TableCell>
                    <TableCell label="Licence" className="whitespace-nowrap">
                      {p.license_state} {p.license_number}
                    </TableCell>
                    <TableCell label="Markets" className="max-w-[16rem] max-sm:max-w-none">
                      {p.markets.length ? p.markets.join(', ') : none}
                    </TableCell>
                    <TableCell label="Fee">{p.referral_fee_percent}%</TableCell>
                    <TableCell label="Contact">
                      <div className="min-w-0">
                        <div className="break-all">{p.email}</div>
                        {p.phone && <div className="text-xs text-muted-foreground">{formatPhone(p.phone)}</div>}
                      </div>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button variant="ghost" size="sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                        <PencilIcon aria-hidden /> Edit
                      </Button>
                      <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(p)} aria-label={`Delete ${p.name}`}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </SectionState>
      <PartnerDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} partner={editing === 'new' ? null : editing} />
    </section>
  );
}
