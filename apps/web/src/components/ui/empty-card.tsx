import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from './card';

/** A dashed card that says why there is nothing to show, with what to do next (`children`: its buttons or links). */
export function EmptyCard({ icon: Icon, title, text, children }: { icon: LucideIcon; title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <Icon className="size-7 text-muted-foreground" aria-hidden />
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{text}</p>
        {children && <div className="flex flex-wrap justify-center gap-2">{children}</div>}
      </CardContent>
    </Card>
  );
}
