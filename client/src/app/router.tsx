import { lazy, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { useAuth } from "@/lib/auth";
import { prefetchLiveService } from "@/features/services/api";
import { Spinner } from "@/components/ui/spinner";
import { OfflineBanner } from "./offline-banner";

// Route-level code splitting: each screen loads when first opened. The signed-in shell (header,
// menus, notifications, the live event stream) too, so the sign-in screen does not carry it.
const Shell = lazy(() => import("./shell").then((m) => ({ default: m.Shell })));
const LoginPage = lazy(() => import("@/features/auth/login-page"));
const RegisterPage = lazy(() => import("@/features/auth/register-page"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("@/features/auth/reset-password-page"));
const ConfirmEmailPage = lazy(() => import("@/features/auth/confirm-email-page"));
const HomePage = lazy(() => import("./pages/home-page"));
const ProfilePage = lazy(() => import("./pages/profile-page"));
const AdminPage = lazy(() => import("./pages/admin-page"));
const ConnectPage = lazy(() => import("./pages/connect-page"));
const GivingPage = lazy(() => import("./pages/giving-page"));
const GivingStatementPage = lazy(() => import("@/features/giving/giving-statement-page"));
const DonorPage = lazy(() => import("@/features/giving/donor-page"));
const UpdateCardPage = lazy(() => import("@/features/giving/update-card-page"));
const PrayerPage = lazy(() => import("@/features/prayer/prayer-page"));
const MediaPage = lazy(() => import("./pages/media-page"));
const InvitePage = lazy(() => import("@/features/church/invite-page"));
const VisitUsPage = lazy(() => import("@/features/church/visit-us-page"));
const VisitorsPage = lazy(() => import("@/features/visitors/visitors-page"));
const PublicVisitorsPage = lazy(() => import("./pages/public-visitors-page"));
const AiPrayerPage = lazy(() => import("@/features/ai-prayer/ai-prayer-page"));
const IntegrationsPage = lazy(() => import("@/features/integrations/integrations-page"));
const CalendarPage = lazy(() => import("./pages/calendar-page"));
const WeekPage = lazy(() => import("./pages/week-page"));
const DirectoryPage = lazy(() => import("@/features/directory/directory-page"));
const UnsubscribePage = lazy(() => import("@/features/notifications/unsubscribe-page"));
const NotFoundPage = lazy(() => import("./pages/not-found-page"));

const FullPageSpinner = () => <Spinner className="min-h-dvh" />;

/** Auth gate (spec sections 2 and 4): spinner while the session check runs, then signed-in or signed-out routes. */
export function AppRouter() {
  const { user, church, isLoading } = useAuth();
  const [location] = useLocation();
  const signedIn = !!user && !!church;
  // Home's live service is asked for while Home's code is still on its way, not after: on a
  // slow connection the panel (polls, questions) is then there when Home first paints, instead
  // of arriving later and pushing the cards below it down.
  useEffect(() => {
    if (signedIn && (location === "/" || location === "/sunday")) void prefetchLiveService();
  }, [signedIn, location]);
  if (isLoading) return <FullPageSpinner />;

  if (!user || !church) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <OfflineBanner />
        <Switch>
          <Route path="/auth/register" component={RegisterPage} />
          <Route path="/auth/forgot-password" component={ForgotPasswordPage} />
          <Route path="/auth/reset-password" component={ResetPasswordPage} />
          <Route path="/auth/confirm-email" component={ConfirmEmailPage} />
          {/* The first-time visitor card needs no account (issue 18). */}
          <Route path="/visitors" component={PublicVisitorsPage} />
          {/* A news email's unsubscribe link works without an account (decision 0118). */}
          <Route path="/email/unsubscribe" component={UnsubscribePage} />
          {/* A stopped recurring gift's card update link works without signing in (decision 0121). */}
          <Route path="/giving/update-card" component={UpdateCardPage} />
          <Route component={LoginPage} />
        </Switch>
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Shell>
        <Suspense fallback={<Spinner />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/sunday" component={HomePage} />
            <Route path="/profile" component={ProfilePage} />
            <Route path="/auth/confirm-email" component={ConfirmEmailPage} />
            <Route path="/prayer" component={PrayerPage} />
            <Route path="/media" component={MediaPage} />
            <Route path="/invite" component={InvitePage} />
            <Route path="/visit-us" component={VisitUsPage} />
            <Route path="/visitors" component={VisitorsPage} />
            <Route path="/ai-prayer" component={AiPrayerPage} />
            <Route path="/admin" component={AdminPage} />
            <Route path="/admin/giving/donors/:userId" component={DonorPage} />
            <Route path="/connect" component={ConnectPage} />
            <Route path="/connect/directory" component={DirectoryPage} />
            <Route path="/email/unsubscribe" component={UnsubscribePage} />
            <Route path="/giving" component={GivingPage} />
            <Route path="/giving/statement" component={GivingStatementPage} />
            <Route path="/giving/update-card" component={UpdateCardPage} />
            <Route path="/integrations" component={IntegrationsPage} />
            <Route path="/calendar" component={CalendarPage} />
            <Route path="/week" component={WeekPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Shell>
    </Suspense>
  );
}
