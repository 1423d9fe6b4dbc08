import { formatUsd, type Referral } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, HandCoinsIcon, MailIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyCard } from '@/components/ui/empty-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { FeeReceivedDialog } from './fee-received-dialog';
import { ReferralStatusBadge } from './referral-status-badge';
import { resendReferral, updateReferral, useReferrals } from './referrals-api';
import { SectionState } from '@/components/section-state';
import { sentence } from '@/lib/sentence';

const money = (value: number | null) => (value === null ? <span className="text-muted-foreground">—</span> : formatUsd(value));
const FINISHED = new Set(['declined', 'cancelled']);

/** Every referral: its partner, lead, status and fees, and what the team can do next. */
export function ReferralsSection() {
  const referrals = useReferrals();
  const client = useQueryClient();
  const [recording, setRecording] = useState<Referral | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.referrals.all });
    void client.invalidateQueries({ queryKey: queryKeys.deals.all });
  };
  const resend = useMutation({
    mutationFn: (r: Referral) => resendReferral(r.id),
    onSuccess: (sent) => {
      refresh();
      toast.success(`A new link was emailed to ${sent.referral.partner_name}`);
    },
    onError: (error) => toast.error('Could not resend the link', { description: sentence(error.message) }),
  });
  const cancel = useMutation({
    mutationFn: (r: Referral) => updateReferral(r.id, { status: 'cancelled' }),
    onSuccess: () => {
      refresh();
      toast.success('Referral cancelled: its link no longer works');
    },
    onError: (error) => toast.error('Could not cancel the referral', { description: sentence(error.message) }),
  });

  return (
    <section className="grid gap-3" aria-labelledby="referrals-title">
      <div>
        <h2 id="referrals-title" className="text-lg font-semibold">Referrals</h2>
        <p className="text-sm text-muted-foreground">Leads you pushed to partners, what they report back, and the fees.</p>
      </div>
      <SectionState query={referrals} empty={<EmptyCard icon={SendIcon} title="No referrals yet" text="Open a lead who wants a retail price and choose “Refer to an agent”. The partner gets an email with a link to accept it." />}>
        {(items) => (
          <Card>
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Lead</TableHead>
                  <TableHead>Partner</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Fee expected</TableHead>
                  <TableHead className="text-right">Fee received</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>
                      <div>
                        <Link to={`/leads/${r.lead_id}`} className="font-medium hover:underline">
                          {r.lead_name}
                        </Link>
                        {r.property_address && <div className="text-xs text-muted-foreground">{r.property_address}</div>}
                      </div>
                    </TableCell>
                    <TableCell label="Partner">
                      <div>
                        {r.partner_name}
                        <div className="text-xs text-muted-foreground">{r.referral_fee_percent}% of {r.commission_percent}% commission</div>
                      </div>
                    </TableCell>
                    <TableCell label="Status">
                      <div>
                        <ReferralStatusBadge status={r.status} />
                        {r.sale_price !== null && <div className="text-xs text-muted-foreground">Sold for {formatUsd(r.sale_price)}</div>}
                      </div>
                    </TableCell>
                    <TableCell label="Fee expected" className="text-right tabular-nums">
                      {money(r.fee_expected)}
                    </TableCell>
                    <TableCell label="Fee received" className="text-right tabular-nums">
                      <div>
                        {money(r.fee_received)}
                        {r.fee_received_on && <div className="text-xs text-muted-foreground">{formatDate(r.fee_received_on)}</div>}
                      </div>
                    </TableCell>
                    <TableCell className="text-right max-sm:flex-wrap max-sm:justify-end">
                      {!FINISHED.has(r.status) && (
                        <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(r)}>
                          <MailIcon aria-hidden /> Resend link
                        </Button>
                      )}
                      {r.status !== 'cancelled' && (
                        <Button variant="ghost" size="sm" onClick={() => setRecording(r)}>
                          <HandCoinsIcon aria-hidden /> Record fee
                        </Button>
                      )}
                      {!FINISHED.has(r.status) && r.status !== 'closed' && (
                        <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(r)}>
                          <BanIcon aria-hidden /> Cancel
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </SectionState>
      {recording && <FeeReceivedDialog referral={recording} onClose={() => setRecording(null)} />}
    </section>
  );
}
