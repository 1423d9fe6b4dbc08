import { NOTICE_PAGES, REDIRECTS } from '@wholesail/domain';
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CHANGE_PASSWORD_PATH } from '@/features/auth/auth-api';
import { DNC_SCREEN_PATH } from '@/features/do-not-contact/dnc-links';
import type { PlaceholderPageKey } from '@/features/placeholders/placeholder-pages';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// The landing page ships in the entry chunk; everything else loads on demand to keep it small (the sign-in form
// brings the form library and zod, which the landing page does not need).
const LandingPage = lazy(() => import('@/features/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const NotFoundPage = lazy(() => import('@/features/notices/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NoticePage = lazy(() => import('@/features/notices/notice-page').then((m) => ({ default: m.NoticePage })));
const LoginPage = lazy(() => import('@/features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('@/features/auth/signup-page').then((m) => ({ default: m.SignupPage })));
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const AboutPage = lazy(() => import('@/features/legal/about-page').then((m) => ({ default: m.AboutPage })));
const PrivacyPage = lazy(() => import('@/features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('@/features/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const CookiesPage = lazy(() => import('@/features/legal/cookies-page').then((m) => ({ default: m.CookiesPage })));
const EnterInvitationPage = lazy(() => import('@/features/invitations/enter-invitation-page').then((m) => ({ default: m.EnterInvitationPage })));
// A buyer opens a deal room signed out, usually on a phone: its own chunk, outside the signed-in shell.
const PublicRoomPage = lazy(() => import('@/features/deal-rooms/public-room-page').then((m) => ({ default: m.PublicRoomPage })));
// A referral partner opens their link signed out: its own chunk, like a deal room.
const PublicReferralPage = lazy(() => import('@/features/referrals/public-referral-page').then((m) => ({ default: m.PublicReferralPage })));
const AcceptInvitationPage = lazy(() => import('@/features/invitations/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })));
const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const SettingsPage = lazy(() => import('@/features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const DoNotContactPage = lazy(() => import('@/features/do-not-contact/do-not-contact-page').then((m) => ({ default: m.DoNotContactPage })));
const PlaceholderPage = lazy(() => import('@/features/placeholders/placeholder-page').then((m) => ({ default: m.PlaceholderPage })));
const LeadsPage = lazy(() => import('@/features/leads/leads-page').then((m) => ({ default: m.LeadsPage })));
const LeadDetailPage = lazy(() => import('@/features/leads/lead-detail-page').then((m) => ({ default: m.LeadDetailPage })));
const Top10Page = lazy(() => import('@/features/top10/top10-page').then((m) => ({ default: m.Top10Page })));
const BuyersPage = lazy(() => import('@/features/buyers/buyers-page').then((m) => ({ default: m.BuyersPage })));
const BuyerDetailPage = lazy(() => import('@/features/buyers/buyer-detail-page').then((m) => ({ default: m.BuyerDetailPage })));
const CommunicationsPage = lazy(() => import('@/features/communications/communications-page').then((m) => ({ default: m.CommunicationsPage })));
const VoiceDialerSettingsPage = lazy(() => import('@/features/voice-dialer/voice-dialer-settings-page').then((m) => ({ default: m.VoiceDialerSettingsPage })));
const ChangePasswordPage = lazy(() => import('@/features/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })));
const StatusPage = lazy(() => import('@/features/status/status-page').then((m) => ({ default: m.StatusPage })));
const RevenuePage = lazy(() => import('@/features/revenue/revenue-page').then((m) => ({ default: m.RevenuePage })));
// The analytics bring recharts: their own chunk.
const AnalyticsPage = lazy(() => import('@/features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
const SignalsAnalyticsPage = lazy(() => import('@/features/signals-analytics/signals-page').then((m) => ({ default: m.SignalsAnalyticsPage })));
const GrowthPage = lazy(() => import('@/features/growth/growth-page').then((m) => ({ default: m.GrowthPage })));
const DealPage = lazy(() => import('@/features/deals/deal-page').then((m) => ({ default: m.DealPage })));
const CalculatorPage = lazy(() => import('@/features/calculator/calculator-page').then((m) => ({ default: m.CalculatorPage })));
const CompsPage = lazy(() => import('@/features/comps/comps-page').then((m) => ({ default: m.CompsPage })));
const RealtorPushPage = lazy(() => import('@/features/referrals/realtor-push-page').then((m) => ({ default: m.RealtorPushPage })));
const OnboardingPage = lazy(() => import('@/features/onboarding/onboarding-page').then((m) => ({ default: m.OnboardingPage })));
const DebugPage = lazy(() => import('@/features/debug/debug-page').then((m) => ({ default: m.DebugPage })));
const DeveloperPage = lazy(() => import('@/features/developer/developer-page').then((m) => ({ default: m.DeveloperPage })));
const IntegrationsPage = lazy(() => import('@/features/integrations/integrations-page').then((m) => ({ default: m.IntegrationsPage })));
const HelpPage = lazy(() => import('@/features/help/help-page').then((m) => ({ default: m.HelpPage })));
// The sequences list and editor share one chunk and one import: each import adds its list of chunks to preload here.
const automationPages = () => import('@/features/automation/automation-pages');
const AutomationPage = lazy(() => automationPages().then((m) => ({ default: m.AutomationPage })));
const SequenceEditorPage = lazy(() => automationPages().then((m) => ({ default: m.SequenceEditorPage })));
const OrchestratorPage = lazy(() => import('@/features/orchestrator/orchestrator-page').then((m) => ({ default: m.OrchestratorPage })));
const DiagnosticsPage = lazy(() => import('@/features/orchestrator/diagnostics-page').then((m) => ({ default: m.DiagnosticsPage })));

/** Protected pages that a later release fills, by path. */
const PLACEHOLDER_ROUTES: readonly [path: string, page: PlaceholderPageKey][] = [
  ['/billing', 'billing'],
  ['/data-maintenance', 'dataMaintenance'],
  ['/super-admin', 'superAdmin'],
];

/** The whole route tree; the app mounts it in a browser router, tests in a memory router. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <LandingPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/signup', element: <SignupPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/about', element: <AboutPage /> },
        { path: '/privacy', element: <PrivacyPage /> },
        { path: '/privacy-policy', element: <PrivacyPage /> },
        { path: '/terms-of-service', element: <TermsPage /> },
        { path: '/cookies-policy', element: <CookiesPage /> },
        { path: '/status', element: <StatusPage /> },
        { path: '/accept-invitation', element: <EnterInvitationPage /> },
        { path: '/accept-invitation/:token', element: <AcceptInvitationPage /> },
        { path: '/deal-rooms/:slug', element: <PublicRoomPage /> },
        { path: '/referrals/:token', element: <PublicReferralPage /> },
        ...Object.entries(REDIRECTS).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
        ...Object.entries(NOTICE_PAGES).map(([path, { kind, target }]) => ({ path, element: <NoticePage kind={kind} target={target} /> })),
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { path: '/dashboard', element: <DashboardPage /> },
                { path: '/leads', element: <LeadsPage /> },
                { path: '/leads/:id', element: <LeadDetailPage /> },
                { path: '/top10', element: <Top10Page /> },
                { path: '/buyers', element: <BuyersPage /> },
                { path: '/buyers/:id', element: <BuyerDetailPage /> },
                { path: '/settings', element: <SettingsPage /> },
                { path: '/settings/voice-dialer', element: <VoiceDialerSettingsPage /> },
                { path: CHANGE_PASSWORD_PATH, element: <ChangePasswordPage /> },
                { path: DNC_SCREEN_PATH, element: <DoNotContactPage /> },
                { path: '/communications', element: <CommunicationsPage /> },
                { path: '/help', element: <HelpPage /> },
                { path: '/developer', element: <DeveloperPage /> },
                { path: '/debug', element: <DebugPage /> },
                { path: '/onboarding', element: <OnboardingPage /> },
                { path: '/integrations', element: <IntegrationsPage /> },
                { path: '/revenue', element: <RevenuePage /> },
                { path: '/analytics', element: <AnalyticsPage /> },
                { path: '/signals-analytics', element: <SignalsAnalyticsPage /> },
                { path: '/growth', element: <GrowthPage /> },
                { path: '/deals/:id', element: <DealPage /> },
                { path: '/calculator', element: <CalculatorPage /> },
                { path: '/comps/:id', element: <CompsPage /> },
                { path: '/realtor-push', element: <RealtorPushPage /> },
                { path: '/automation', element: <AutomationPage /> },
                // As in features/automation/automation-paths.ts, written out: importing it would put it in the entry chunk.
                { path: '/automation/sequences/:id', element: <SequenceEditorPage /> },
                { path: '/orchestrator', element: <OrchestratorPage /> },
                { path: '/orchestrator/diagnostics', element: <DiagnosticsPage /> },
                ...PLACEHOLDER_ROUTES.map(([path, page]) => ({ path, element: <PlaceholderPage page={page} /> })),
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
