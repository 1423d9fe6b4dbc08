import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { LegalFooter } from './legal-footer';

/** Centered single-card layout of the smaller auth screens (sign-up, reset, invitations). */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-16 items-center px-6">
        <Link to="/" aria-label="Wholesail home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-4 pb-12">
        {children}
        <LegalFooter />
      </main>
    </div>
  );
}
