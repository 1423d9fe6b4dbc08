import { ArrowRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { SectionLink } from './section-link';

/** A call to action: a route, or a section of the landing page. */
export type Cta = { label: string; to: string; className?: string } | { label: string; section: string; className?: string };

/** The large primary button (with an arrow) and its quieter companion, side by side from sm up. */
export function CtaRow({ primary, secondary, secondaryVariant, className }: { primary: Cta; secondary: Cta; secondaryVariant: 'outline' | 'ghost'; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 sm:flex-row', className)}>
      <Button size="lg" className={cn('w-full sm:w-auto', primary.className)} asChild>
        <CtaLink cta={primary} arrow />
      </Button>
      <Button size="lg" variant={secondaryVariant} className={cn('w-full sm:w-auto', secondary.className)} asChild>
        <CtaLink cta={secondary} />
      </Button>
    </div>
  );
}

/** Receives the button's classes from its Slot. */
function CtaLink({ cta, arrow = false, ...slotProps }: Omit<ComponentProps<'a'>, 'href'> & { cta: Cta; arrow?: boolean }) {
  const content = (
    <>
      {cta.label}
      {arrow && <ArrowRight aria-hidden />}
    </>
  );
  return 'section' in cta ? (
    <SectionLink section={cta.section} {...slotProps}>
      {content}
    </SectionLink>
  ) : (
    <Link to={cta.to} {...slotProps}>
      {content}
    </Link>
  );
}
