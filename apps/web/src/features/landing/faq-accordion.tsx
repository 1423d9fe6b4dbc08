import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open one at a time: opening one closes the other; clicking the open one closes it. */
export function FaqAccordion({ items, defaultOpen = 0 }: { items: readonly FaqItem[]; defaultOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(defaultOpen);
  const baseId = useId();

  return (
    <div className="divide-y rounded-2xl border bg-card">
      {items.map(({ question, answer }, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium outline-none hover:bg-muted/50 focus-visible:bg-muted/50 sm:px-6"
              >
                {question}
                <ChevronDown className={cn('size-5 shrink-0 text-muted-foreground transition-transform', expanded && 'rotate-180')} aria-hidden />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-pretty text-muted-foreground sm:px-6">
              {answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
