import type { Buyer } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { BuyerForm } from './buyer-form';
import { buyerQueryKey, createBuyer, updateBuyer, type BuyerWrite } from './buyers-api';

type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Add buyer': POST /api/buyers, then the new buyer's page. */
export function AddBuyerDialog({ open, onOpenChange }: OpenProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: createBuyer,
    onSuccess: (buyer) => {
      toast.success('Buyer added', { description: buyer.contact_name });
      void client.invalidateQueries({ queryKey: ['buyers'] });
      onOpenChange(false);
      void navigate(`/buyers/${buyer.id}`);
    },
    onError: (error) => toast.error('Failed to add buyer', { description: error.message }),
  });
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
          <DialogTitle>Add buyer</DialogTitle>
          <DialogDescription>A cash buyer or investor you can send deals to.</DialogDescription>
        </DialogHeader>
        {open && (
          <BuyerForm
            buyer={null}
            submitLabel="Add buyer"
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

/** 'Edit': PATCH /api/buyers/:id with the whole form. */
export function EditBuyerDialog({ buyer, open, onOpenChange }: OpenProps & { buyer: Buyer }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: BuyerWrite) => updateBuyer(buyer.id, body),
    onSuccess: (updated) => {
      toast.success('Buyer saved');
      client.setQueryData(buyerQueryKey(buyer.id), updated);
      void client.invalidateQueries({ queryKey: ['buyers'] });
      onOpenChange(false);
    },
    onError: (error) => toast.error('Failed to save buyer', { description: error.message }),
  });
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
          <DialogTitle>Edit buyer</DialogTitle>
          <DialogDescription>{buyer.contact_name}</DialogDescription>
        </DialogHeader>
        {open && (
          <BuyerForm
            buyer={buyer}
            submitLabel="Save"
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
