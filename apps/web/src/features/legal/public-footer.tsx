import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/utils';
import { STATUS_URL, SUPPORT_MAILTO } from './public-links';

type FooterLink = { label: string; to: string; external?: boolean };

/** The public footer's links (dialer.md §2 "Landing page", platform.md §2 "Legal links"). */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Sign in', to: '/login' },
      { label: 'Help', to: '/help' },
      { label: 'Billing', to: '/billing' },
      { label: 'Developer', to: '/developer' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Status', to: STATUS_URL },
      { label: 'Contact support', to: SUPPORT_MAILTO, external: true },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Cookies Policy', to: '/cookies-policy' },
    ],
  },
];

export function PublicFooter({ wide = false }: { wide?: boolean }) {
  return (
    <footer className="border-t bg-card">
      <div className={cn('mx-auto grid grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]', wide ? 'max-w-6xl' : 'max-w-4xl')}>
        <div className="col-span-2 md:col-span-1">
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">The calling workspace for real-estate wholesalers and investor teams.</p>
        </div>
        <nav aria-label="Footer" className="contents">
          {FOOTER_COLUMNS.map(({ title, links }) => (
            <div key={title}>
              <h2 className="text-sm font-semibold">{title}</h2>
              <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
                {links.map(({ label, to, external }) => (
                  <li key={to} className="break-words">
                    {external ? (
                      <a href={to} className="hover:text-foreground">
                        {label}
                      </a>
                    ) : (
                      <Link to={to} className="hover:text-foreground">
                        {label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={cn('mx-auto px-4 sm:px-6', wide ? 'max-w-6xl' : 'max-w-4xl')}>
        <p className="border-t py-6 text-xs text-muted-foreground">© {new Date().getFullYear()} Wholesail. All rights reserved.</p>
      </div>
    </footer>
  );
}
