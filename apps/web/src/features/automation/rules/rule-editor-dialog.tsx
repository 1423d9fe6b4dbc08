import type { Member, RuleNames, Sequence } from '@wholesail/domain';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { RuleDraft } from './rule-draft';
import { RuleEditor } from './rule-editor';

/** What the editor opens on: a saved rule (its id) or a new one (a blank draft or a starting point). */
export type EditorTarget = { ruleId: string | null; draft: RuleDraft };

type Props = { target: EditorTarget | null; sequences: readonly Sequence[]; members: readonly Member[]; names: RuleNames; onClose: () => void };

/** The rule editor in a dialog that scrolls within the screen's height, so it works on a phone. */
export function RuleEditorDialog({ target, sequences, members, names, onClose }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto max-sm:p-4">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug">{target?.ruleId ? `Edit “${target.draft.name}”` : 'New rule'}</DialogTitle>
          <DialogDescription>When something happens to a lead that matches your conditions, the rule does the actions for you.</DialogDescription>
        </DialogHeader>
        {target && <RuleEditor ruleId={target.ruleId} initial={target.draft} sequences={sequences} members={members} names={names} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
