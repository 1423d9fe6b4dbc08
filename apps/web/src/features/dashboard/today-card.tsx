import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type Props = { icon: LucideIcon; title: string; description?: string; action?: ReactNode; className?: string; children: ReactNode };

/** A card of the Today section: icon with an optional link beside it, title, a line of counts, its rows. */
export function TodayCard({ icon: Icon, title, description, action, className, children }: Props) {
  return (
    <Card className={cn('min-w-0', className)} role="region" aria-label={title}>
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-4.5" aria-hidden />
          </span>
          {action}
        </div>
        <CardTitle className="mt-2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}
