import { Hammer } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { PLACEHOLDER_PAGES, type PlaceholderPageKey } from './placeholder-pages';

/** An honest page for an area that a later release fills: its title and what it will hold. */
export function PlaceholderPage({ page }: { page: PlaceholderPageKey }) {
  const { title, description } = PLACEHOLDER_PAGES[page];
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{description}</p>
      </header>
      <Card className="border-dashed shadow-none">
        <CardContent className="flex flex-col items-center gap-2 py-14 text-center">
          <Hammer className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">Coming in a later release</p>
          <p className="max-w-sm text-sm text-muted-foreground">This page is not available yet. Nothing here is sample data.</p>
        </CardContent>
      </Card>
    </div>
  );
}
