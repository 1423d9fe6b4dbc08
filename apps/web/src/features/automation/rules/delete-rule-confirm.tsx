import { Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

/** Asked in place of the editor's buttons, so a phone never stacks a second dialog. */
export function DeleteRuleConfirm({ pending, onKeep, onDelete }: { pending: boolean; onKeep: () => void; onDelete: () => void }) {
  const id = useId();
  return (
    <div role="alertdialog" aria-labelledby={id} className="grid gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3">
      <p id={id} className="text-sm">
        Delete this rule? It stops acting at once; what it already did to leads stays.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={pending} onClick={onKeep}>
          Keep the rule
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={onDelete}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden />}
          Delete rule
        </Button>
      </div>
    </div>
  );
}
