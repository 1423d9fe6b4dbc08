import type { ReactElement, ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './dialog';

type Props = {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Anything more to read before confirming, below the description. */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The failed action's message, shown above the buttons; null when there is none. */
  error: string | null;
  pending: boolean;
  /** Leave both out when nothing but the user closes it; pass them to close it after the action. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** On close: clears the action's error so the next opening starts clean. */
  onReset?: () => void;
  /** Called with no arguments, so a mutation's mutate can be passed as is. */
  onConfirm: () => void;
};

/** "Are you sure?" before a destructive action: Cancel, and a destructive confirm that waits for the action. */
export function ConfirmDialog({ trigger, title, description, children, confirmLabel, pendingLabel, error, pending, open, onOpenChange, onReset, onConfirm }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onReset?.();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="leading-snug">{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error !== null && <Alert variant="destructive">{error}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={() => onConfirm()}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
