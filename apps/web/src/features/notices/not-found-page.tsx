import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 p-6 text-center">
      <Compass className="size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground">{pathname}</code>. It may have moved, or the link is
        mistyped.
      </p>
      <Button asChild>
        <Link to="/">Go home</Link>
      </Button>
    </main>
  );
}
