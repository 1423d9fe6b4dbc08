import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Header with home and sign-in links and the legal footer, around a text page. */
export function PublicPageShell({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-6">
          <Link to="/" aria-label="Wholesail home">
            <Logo />
          </Link>
          <Button variant="outline" size="sm" asChild>
            <Link to="/login">Sign in</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-6 py-12">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {updated && <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>}
        <div className="mt-8 grid gap-6 text-[15px] leading-7 text-foreground/90 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}

export function PublicFooter({ wide = false }: { wide?: boolean }) {
  return (
    <footer className="border-t bg-card">
      <nav aria-label="Footer" className={cn('mx-auto flex flex-wrap items-center gap-x-6 gap-y-2 px-6 py-6 text-sm text-muted-foreground', wide ? 'max-w-6xl' : 'max-w-4xl')}>
        <span>© {new Date().getFullYear()} Wholesail</span>
        <Link to="/about" className="hover:text-foreground">About</Link>
        <Link to="/privacy-policy" className="hover:text-foreground">Privacy Policy</Link>
        <Link to="/privacy" className="hover:text-foreground">Privacy</Link>
        <Link to="/terms-of-service" className="hover:text-foreground">Terms of Service</Link>
        <Link to="/cookies-policy" className="hover:text-foreground">Cookies Policy</Link>
      </nav>
    </footer>
  );
}
