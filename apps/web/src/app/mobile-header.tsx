import { KeyRound, LogOut, Menu } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { CHANGE_PASSWORD_PATH } from '@/features/auth/auth-api';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { MAIN_NAV, MORE_NAV } from './nav-items';

type Props = { organizationName: string | null; email: string; onSignOut: () => void };

/** Below the lg breakpoint the sidebar folds into a menu in the top bar. */
export function MobileHeader({ organizationName, email, onSignOut }: Props) {
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-card/95 px-4 backdrop-blur lg:hidden">
      <Logo />
      {/* The auto margin takes the free space, so the bell sits beside the menu. */}
      <div className="mr-2 ml-auto">
        <NotificationBell />
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Open navigation">
            <Menu aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>
            <span className="block truncate text-foreground">{organizationName ?? 'No organization yet'}</span>
            <span className="block truncate font-normal">{email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {[...MAIN_NAV, ...MORE_NAV].map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} onSelect={() => void navigate(to)}>
              <Icon aria-hidden />
              {label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void navigate(CHANGE_PASSWORD_PATH)}>
            <KeyRound aria-hidden />
            Change password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </header>
  );
}
