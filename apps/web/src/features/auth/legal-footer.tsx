import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** Privacy, terms and cookies links shown under the auth screens. */
export function LegalFooter({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal" className={cn('flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-xs text-muted-foreground', className)}>
      <Link to="/privacy" className="hover:text-foreground">
        Privacy
      </Link>
      <Link to="/terms-of-service" className="hover:text-foreground">
        Terms of Service
      </Link>
      <Link to="/cookies-policy" className="hover:text-foreground">
        Cookies Policy
      </Link>
    </nav>
  );
}
