import { Check, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { LandingSection, SectionHeading } from './section-heading';

const BEFORE = [
  'Leads spread across spreadsheets and notes apps',
  'Owners and values looked up by hand, tab by tab',
  'Calls from cell phones, no record of what was said',
  'Guessing which sellers are motivated',
  'Hoping nobody dials a DNC number or calls at 7 AM',
  'Texts on personal phones, opt-outs lost',
];

const AFTER = [
  'Leads, buyers, calls and texts in one shared workspace',
  'One address lookup fills in owner, value and mortgage',
  'Browser calls with both speakers transcribed live',
  'Motivation scored for you, with a Top 10 to call next',
  'DNC leads refused; calling hours in the lead’s local time',
  'Texts from your numbers; STOP replies honored',
];

/** #features: the before/after comparison. */
export function ComparisonSection() {
  return (
    <LandingSection id="features" labelledBy="features-title">
      <SectionHeading id="features-title" eyebrow="Features" title="From scattered lists to one calling workspace">
        What a wholesaling day looks like before Wholesail, and with it.
      </SectionHeading>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <Column title="Before Wholesail" items={BEFORE} before />
        <Column title="With Wholesail" items={AFTER} />
      </div>
    </LandingSection>
  );
}

function Column({ title, items, before = false }: { title: string; items: readonly string[]; before?: boolean }) {
  const Icon = before ? X : Check;
  return (
    <div className={cn('rounded-2xl border p-6 sm:p-8', before ? 'bg-muted/60' : 'border-primary/30 bg-card shadow-sm')}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <ul className="mt-6 grid gap-4">
        {items.map((item) => (
          <li key={item} className={cn('flex gap-3', before && 'text-muted-foreground')}>
            <Icon className={cn('mt-0.5 size-5 shrink-0', before ? 'text-destructive/80' : 'text-success')} aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
