import { SEQUENCE_LIMITS, type Member } from '@wholesail/domain';
import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { emptyStep, type FieldProblems, type StepDraft } from './sequence-draft';
import { StepCard, type StepPreview } from './step-card';

type Props = {
  steps: StepDraft[];
  problems: FieldProblems;
  members: readonly Member[];
  preview: StepPreview;
  onChange: (steps: StepDraft[]) => void;
  /** The steps were added, removed or reordered: messages naming a step by its place no longer fit. */
  onReshape: () => void;
};

function AddStep({ at, disabled, onAdd }: { at: number; disabled: boolean; onAdd: (at: number) => void }) {
  return (
    <div className="relative flex min-h-10 items-center pl-10">
      <span className="absolute left-[13px] size-2.5 rounded-full border-2 border-muted-foreground/40 bg-background" aria-hidden />
      <Button type="button" variant="ghost" size="sm" className="text-muted-foreground" disabled={disabled} onClick={() => onAdd(at)}>
        <PlusIcon aria-hidden /> {at === 0 ? 'Add a step first' : `Add a step after step ${at}`}
      </Button>
    </div>
  );
}

/** The steps on a vertical line, in the order they run; a step can be added between any two, moved or removed. */
export function StepTimeline({ steps, problems, members, preview, onChange, onReshape }: Props) {
  const full = steps.length >= SEQUENCE_LIMITS.steps.max;
  const reshape = (next: StepDraft[]) => {
    onChange(next);
    onReshape();
  };
  const add = (at: number) => reshape([...steps.slice(0, at), emptyStep(), ...steps.slice(at)]);
  const move = (from: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(from, 1);
    next.splice(from + by, 0, step!);
    reshape(next);
  };
  const update = (index: number, patch: Partial<StepDraft>) => onChange(steps.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  return (
    <div className="relative grid gap-2 before:absolute before:top-4 before:bottom-4 before:left-[17px] before:w-px before:bg-border">
      <AddStep at={0} disabled={full} onAdd={add} />
      <ol className="grid gap-2" aria-label="Steps">
      {steps.map((step, index) => (
        <li key={step.key} className="grid gap-2">
          <div className="relative pl-10">
            <span
              className="absolute top-4 left-1.5 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              aria-hidden
            >
              {index + 1}
            </span>
            <StepCard
              step={step}
              index={index}
              total={steps.length}
              problems={problems}
              members={members}
              preview={preview}
              onChange={(patch) => update(index, patch)}
              onMove={(by) => move(index, by)}
              onRemove={() => reshape(steps.filter((_, i) => i !== index))}
            />
          </div>
          <AddStep at={index + 1} disabled={full} onAdd={add} />
        </li>
      ))}
      </ol>
    </div>
  );
}
