import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';

type FooterProps = { label: string; pendingLabel: string; pending: boolean; destructive?: boolean };

/** A dialog's Cancel: closes it. */
export function DialogCancel() {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </DialogClose>
  );
}

/** Cancel and the submit button of a dialog's form. */
export function FormDialogFooter({ label, pendingLabel, pending, destructive = false }: FooterProps) {
  return (
    <DialogFooter>
      <DialogCancel />
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
