import {
  Activity, BarChart3, Bot, Briefcase, Calculator, Code2, CreditCard, DatabaseZap, Gauge, HelpCircle, LayoutDashboard,
  LineChart, ListChecks, MessagesSquare, PhoneCall, Plug, Rocket, Send, Settings, Trophy, Users, Workflow, type LucideIcon,
} from 'lucide-react';

export type NavItem = { to: string; label: string; icon: LucideIcon };

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/leads', label: 'Leads', icon: Users },
  { to: '/top10', label: 'Top 10', icon: Trophy },
  { to: '/buyers', label: 'Buyers', icon: Briefcase },
  { to: '/communications', label: 'Communications', icon: MessagesSquare },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/settings/voice-dialer', label: 'Voice & Dialer', icon: PhoneCall },
];

/** True when another item lives under this one's path, so this one is current on its own path only. */
export const hasNestedItem = (item: NavItem): boolean => [...MAIN_NAV, ...MORE_NAV].some((other) => other.to.startsWith(`${item.to}/`));

export const MORE_NAV: readonly NavItem[] = [
  { to: '/onboarding', label: 'Getting started', icon: ListChecks },
  { to: '/growth', label: 'Growth', icon: Rocket },
  { to: '/revenue', label: 'Revenue', icon: LineChart },
  { to: '/calculator', label: 'Repair calculator', icon: Calculator },
  { to: '/realtor-push', label: 'Realtor push', icon: Send },
  { to: '/automation', label: 'Automation', icon: Workflow },
  { to: '/orchestrator', label: 'Orchestrator', icon: Bot },
  { to: '/signals-analytics', label: 'Signals analytics', icon: Activity },
  { to: '/data-maintenance', label: 'Data maintenance', icon: DatabaseZap },
  { to: '/integrations', label: 'Integrations', icon: Plug },
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/developer', label: 'Developer', icon: Code2 },
  { to: '/debug', label: 'Debug', icon: Gauge },
  { to: '/help', label: 'Help', icon: HelpCircle },
];
