import type { ReferralPartner, ReferralPartnerBody } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { PartnerForm } from './partner-form';
import { createPartner, updatePartner } from './referrals-api';

/** Add a partner (`partner` null) or edit one, in a dialog. */
export function PartnerDialog({ open, onOpenChange, partner }: { open: boolean; onOpenChange: (open: boolean) => void; partner: ReferralPartner | null }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: ReferralPartnerBody) => (partner ? updatePartner(partner.id, body) : createPartner(body)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.referrals.partners });
      toast.success(partner ? 'Partner saved' : `${saved.name} added`);
      onOpenChange(false);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{partner ? `Edit ${partner.name}` : 'Add a partner'}</DialogTitle>
          <DialogDescription>An agent or brokerage you refer sellers to, and the referral fee they pay you.</DialogDescription>
        </DialogHeader>
        {open && (
          <PartnerForm
            partner={partner}
            submitLabel={partner ? 'Save partner' : 'Add partner'}
            pending={mutation.isPending}
            serverError={mutation.error}
            onSubmit={(body) => mutation.mutate(body)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
