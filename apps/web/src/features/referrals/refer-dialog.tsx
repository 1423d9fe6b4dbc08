import { DEFAULT_COMMISSION_PERCENT, servesPlace, type ReferralPartner } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { fieldClassName, Input, NativeSelect } from '@/components/ui/input';
import { FormField, fieldProps } from '@/features/deals/form-field';
import type { LeadDetail } from '@/features/leads/leads-api';
import { fieldErrorsOf } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { createReferral, usePartners } from './referrals-api';
import { sentence } from '@/lib/sentence';

/** Active partners, those whose markets name the lead's state, city or ZIP code first (then by name, as listed). */
export function rankPartners(partners: readonly ReferralPartner[], lead: Pick<LeadDetail, 'property_address_state' | 'property_address_city' | 'property_address_zip' | 'property_address_zipcode'>) {
  const place = { state: lead.property_address_state, city: lead.property_address_city, zip: lead.property_address_zip ?? lead.property_address_zipcode };
  const active = partners.filter((p) => p.is_active).map((p) => ({ partner: p, local: servesPlace(p.markets, place) }));
  return [...active.filter((p) => p.local), ...active.filter((p) => !p.local)];
}

/** "Refer to an agent" on a lead's page: pick a partner, the agent's commission and a note; the partner is emailed a link. */
export function ReferToAgentButton({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <SendIcon aria-hidden /> Refer to an agent
      </Button>
      {open && <ReferDialog lead={lead} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReferDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const id = useId();
  const partners = usePartners();
  const ranked = useMemo(() => rankPartners(partners.data ?? [], lead), [partners.data, lead]);
  const [partnerId, setPartnerId] = useState('');
  const [commission, setCommission] = useState(String(DEFAULT_COMMISSION_PERCENT));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ partner?: string; commission?: string; note?: string; form?: string }>({});
  const chosen = partnerId || ranked[0]?.partner.id || '';
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => createReferral({ partner_id: chosen, lead_id: lead.id, commission_percent: Number(commission), ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (sent) => {
      void client.invalidateQueries({ queryKey: queryKeys.referrals.all });
      void client.invalidateQueries({ queryKey: queryKeys.activity.lead(lead.id) });
      toast.success(`Referral sent to ${sent.referral.partner_name}`, { description: 'They have an email with a link to accept it.' });
      onClose();
    },
    onError: (error) => {
      const named = fieldErrorsOf(error, ['commission_percent', 'note', 'partner_id'] as const);
      setErrors({
        commission: named.commission_percent && sentence(named.commission_percent),
        note: named.note && sentence(named.note),
        form: named.commission_percent || named.note ? undefined : sentence(error.message),
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pct = Number(commission);
    if (!chosen) return setErrors({ partner: 'Choose a partner to refer this lead to.' });
    if (commission.trim() === '' || !Number.isFinite(pct) || pct < 0 || pct > 100) return setErrors({ commission: 'Enter the agent’s commission as a percentage from 0 to 100.' });
    setErrors({});
    send.mutate();
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Refer to an agent</DialogTitle>
          <DialogDescription>The partner gets an email with a signed link (valid 14 days) to see the seller’s details and accept or decline.</DialogDescription>
        </DialogHeader>
        {partners.isSuccess && ranked.length === 0 ? (
          <p className="text-sm">
            You have no active partners yet.{' '}
            <Link to="/realtor-push" className="font-medium text-primary hover:underline">
              Add one in Realtor push
            </Link>
            .
          </p>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={submit}>
            <FormField id={`${id}-partner`} label="Partner" error={errors.partner}>
              <NativeSelect value={chosen} onChange={(e) => setPartnerId(e.target.value)} disabled={!partners.isSuccess} {...fieldProps(`${id}-partner`, errors.partner)}>
                {ranked.map(({ partner, local }) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.name}
                    {partner.brokerage ? `, ${partner.brokerage}` : ''} — {partner.referral_fee_percent}%{local ? ' (works this area)' : ''}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-commission`} label="Agent’s commission %" hint="The listing agent’s commission on the sale; the referral fee is a share of it." error={errors.commission}>
              <Input type="text" inputMode="decimal" value={commission} onChange={(e) => setCommission(e.target.value)} {...fieldProps(`${id}-commission`, errors.commission)} />
            </FormField>
            <FormField id={`${id}-note`} label="Note to the partner" error={errors.note}>
              <textarea rows={3} className={cn(fieldClassName, 'h-auto py-2')} value={note} onChange={(e) => setNote(e.target.value)} {...fieldProps(`${id}-note`, errors.note)} />
            </FormField>
            {errors.form && <p className="text-sm font-medium text-destructive">{errors.form}</p>}
            <FormDialogFooter label="Send referral" pendingLabel="Sending…" pending={send.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
