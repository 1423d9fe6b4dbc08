import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

type Props = {
  /** "Showing 1–50 of 1,234". */
  summary: ReactNode;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
};

/** The Prev / Next navigation under a paged list. */
export function Pager({ summary, canPrev, canNext, onPrev, onNext }: Props) {
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label="Pagination">
      <p className="text-muted-foreground">{summary}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!canPrev} onClick={onPrev}>
          <ChevronLeftIcon aria-hidden /> Prev
        </Button>
        <Button variant="outline" size="sm" disabled={!canNext} onClick={onNext}>
          Next <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
