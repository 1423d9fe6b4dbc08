import type { Buyer } from '@wholesail/domain';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { queryKeys } from '@/lib/query-keys';
import { BuyerForm } from './buyer-form';
import { createBuyer, updateBuyer, type BuyerWrite } from './buyers-api';

type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The buyer form in a dialog; the mutation decides whether it creates or saves. */
function BuyerFormDialog({
  open,
  onOpenChange,
  title,
  description,
  buyer,
  submitLabel,
  mutation,
}: OpenProps & {
  title: string;
  description: string;
  buyer: Buyer | null;
  submitLabel: string;
  mutation: UseMutationResult<Buyer, Error, BuyerWrite>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && (
          <BuyerForm
            buyer={buyer}
            submitLabel={submitLabel}
            pending={mutation.isPending}
            serverError={mutation.error?.message ?? null}
            onSubmit={(body) => mutation.mutate(body)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** 'Add buyer': POST /api/buyers, then the new buyer's page. */
export function AddBuyerDialog({ open, onOpenChange }: OpenProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: createBuyer,
    onSuccess: (buyer) => {
      toast.success('Buyer added', { description: buyer.contact_name });
      void client.invalidateQueries({ queryKey: queryKeys.buyers.all });
      onOpenChange(false);
      void navigate(`/buyers/${buyer.id}`);
    },
    onError: (error) => toast.error('Failed to add buyer', { description: error.message }),
  });
  return (
    <BuyerFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add buyer"
      description="A cash buyer or investor you can send deals to."
      buyer={null}
      submitLabel="Add buyer"
      mutation={mutation}
    />
  );
}

/** 'Edit': PATCH /api/buyers/:id with the whole form. */
export function EditBuyerDialog({ buyer, open, onOpenChange }: OpenProps & { buyer: Buyer }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: BuyerWrite) => updateBuyer(buyer.id, body),
    onSuccess: (updated) => {
      toast.success('Buyer saved');
      client.setQueryData(queryKeys.buyers.detail(buyer.id), updated);
      void client.invalidateQueries({ queryKey: queryKeys.buyers.all });
      onOpenChange(false);
    },
    onError: (error) => toast.error('Failed to save buyer', { description: error.message }),
  });
  return (
    <BuyerFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit buyer"
      description={buyer.contact_name}
      buyer={buyer}
      submitLabel="Save"
      mutation={mutation}
    />
  );
}
