import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Eyebrow, title and lead paragraph that open each landing section. */
export function SectionHeading({ id, eyebrow, title, children, className }: { id: string; eyebrow?: string; title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{children}</p>}
    </div>
  );
}

/** A landing section: anchor target below the sticky header, page-width content. */
export function LandingSection({ id, labelledBy, className, children }: { id?: string; labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn('scroll-mt-28 px-4 py-16 sm:px-6 sm:py-24 md:scroll-mt-20', className)}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}
