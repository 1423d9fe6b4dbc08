import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { LANDING_ANCHORS } from './landing-anchors';
import { SectionLink } from './section-link';

/** Sticky header: logo, the five section anchors (a second row on narrow screens) and SIGN IN. */
export function LandingHeader() {
  return (
    <header data-testid="landing-header" className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 px-4 sm:px-6">
        <SectionLink section="top" aria-label="Wholesail, back to top" className="flex h-14 items-center md:h-16">
          <Logo className="text-lg" />
        </SectionLink>
        <nav aria-label="Sections" className="order-last -mx-1 w-full overflow-x-auto border-t md:order-none md:mx-0 md:w-auto md:border-0">
          <ul className="flex h-10 items-center justify-between gap-1 text-sm font-medium text-muted-foreground md:h-16 md:justify-start md:gap-2">
            {LANDING_ANCHORS.map(({ id, label }) => (
              <li key={id}>
                <SectionLink section={id} className="rounded-md px-2 py-1.5 whitespace-nowrap transition-colors hover:bg-muted hover:text-foreground">
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button asChild>
          <Link to="/login">SIGN IN</Link>
        </Button>
      </div>
    </header>
  );
}
