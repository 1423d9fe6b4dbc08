import { ChevronRight, KeyRound, LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { CHANGE_PASSWORD_PATH } from '@/features/auth/auth-api';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { cn } from '@/lib/utils';
import { hasNestedItem, MAIN_NAV, MORE_NAV, type NavItem } from './nav-items';

type Props = { organizationName: string | null; email: string; onSignOut: () => void; signingOut: boolean };

function SidebarLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={hasNestedItem(item)}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
          isActive && 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {item.label}
    </NavLink>
  );
}

/** Desktop navigation: main areas, a "More" group for the rest, and the account at the bottom. */
export function Sidebar({ organizationName, email, onSignOut, signingOut }: Props) {
  return (
    <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-r bg-sidebar lg:flex">
      <div className="flex h-14 items-center justify-between px-4">
        <Logo />
        <NotificationBell />
      </div>
      <div className="px-4 pb-3">
        <p className="truncate text-xs font-medium text-muted-foreground" title={organizationName ?? undefined}>
          {organizationName ?? 'No organization yet'}
        </p>
      </div>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-0.5 overflow-y-auto px-2">
        {MAIN_NAV.map((item) => (
          <SidebarLink key={item.to} item={item} />
        ))}
        <details className="group mt-3">
          <summary className="flex cursor-pointer list-none items-center gap-1 px-2.5 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase select-none [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
            More
          </summary>
          <div className="mt-0.5 flex flex-col gap-0.5">
            {MORE_NAV.map((item) => (
              <SidebarLink key={item.to} item={item} />
            ))}
          </div>
        </details>
      </nav>
      <div className="border-t p-3">
        <p className="truncate px-1 text-sm font-medium" title={email}>
          {email}
        </p>
        <Button variant="ghost" size="sm" className="mt-2 w-full justify-start" asChild>
          <Link to={CHANGE_PASSWORD_PATH}>
            <KeyRound aria-hidden />
            Change password
          </Link>
        </Button>
        <Button variant="ghost" size="sm" className="w-full justify-start" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden />
          Sign out
        </Button>
      </div>
    </aside>
  );
}
