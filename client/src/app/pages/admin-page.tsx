/**
 * Admin (/admin, spec section 2): Dashboard, Live Control, Moderation; beyond the spec, Media
 * (items added by hand, the channel sync), Visitors (first-time visitor cards), Groups, Announcements
 * (decision 0110), Journeys and Challenges (decision 0108), Events (the calendar, decision 0109) and Giving
 * (funds, the processing fee, the ledger; issue 19) for staff, and
 * People for OWNERs; Church (the church profile, issue 18) for OWNERs and PASTORs. The tabs do not fit one
 * phone-width row: they wrap into rows of three.
 * The Integrations page is one tap away in the header.
 */
import { Link } from "wouter";
import { Plug, ShieldAlert } from "lucide-react";
import { isStaff } from "@contract/roles";
import { useAuth } from "@/lib/auth";
import { useI18n } from "@/lib/i18n";
import { Card, CardContent } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DashboardTab } from "@/features/admin/dashboard-tab";
import { LiveControlTab } from "@/features/services/live-control-tab";
import { ModerationTab, QueueSummary } from "./moderation-tab";
import { PeopleTab } from "@/features/admin/people-tab";
import { MediaTab } from "@/features/videos/media-admin-tab";
import { VisitorsTab } from "@/features/visitors/visitors-admin-tab";
import { EventsAdminTab } from "@/features/calendar/events-admin-tab";
import { GroupsAdminTab } from "@/features/groups/groups-admin-tab";
import { AnnouncementsTab } from "@/features/announcements/announcements-tab";
import { ChurchAdminTab } from "@/features/church/church-admin-tab";
import { JourneysAdminTab } from "@/features/connect/journeys-admin-tab";
import { ChallengesAdminTab } from "@/features/connect/challenges-admin-tab";
import { FundsCard, ProcessingFeeCard } from "@/features/giving/admin-giving-tab";
import { GivingLedger } from "@/features/giving/admin-ledger";
import { StatementsCard } from "@/features/giving/statements-card";
import { AuditLogCard } from "@/features/admin/audit-log-card";
import { BatchesCard } from "@/features/giving/admin-batches";

export default function AdminPage() {
  const { user } = useAuth();
  const { m } = useI18n();
  // A treasurer granted the finance permission who is not staff sees the Giving tab only.
  const treasurerOnly = !!user && !isStaff(user.role) && user.finance;
  if (!user || (!isStaff(user.role) && !treasurerOnly)) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 pt-5">
          <ShieldAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
          <p className="text-base" role="alert">
            {m.services.accessDenied}
          </p>
        </CardContent>
      </Card>
    );
  }
  const owner = user.role === "OWNER";
  const pastor = owner || user.role === "PASTOR";
  // ?tab=groups (Connect's empty groups state links here) opens that tab.
  const asked = new URLSearchParams(window.location.search).get("tab");
  const initialTab = asked && ["dashboard", "live", "moderation", "media", "visitors", "events", "groups", "announcements", "journeys", "challenges", "giving", ...(pastor ? ["church"] : []), ...(owner ? ["people"] : [])].includes(asked) ? asked : "dashboard";
  const giving = (
    <div className="grid gap-4">
      <GivingLedger finance={user.finance} />
      {user.finance && <BatchesCard />}
      {user.finance && <StatementsCard />}
      {!treasurerOnly && <FundsCard canEdit={owner || user.role === "PASTOR"} />}
      {!treasurerOnly && <ProcessingFeeCard canEdit={owner || user.role === "PASTOR"} />}
      {owner && <AuditLogCard />}
    </div>
  );
  if (treasurerOnly) {
    return (
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        <h1 className="text-2xl font-bold">{m.funds.givingTab}</h1>
        {giving}
      </div>
    );
  }
  // Rows of three (a short last row stretches to fill it).
  const tight = "basis-[calc(33.333%-0.25rem)] px-1";
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      {/* Words never break: in a longer language the Integrations link moves under the title. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h1 className="whitespace-nowrap text-2xl font-bold">{m.admin.title}</h1>
        <Button asChild variant="outline" size="sm" className="shrink-0 whitespace-nowrap">
          <Link href="/integrations">
            <Plug aria-hidden="true" /> {m.integrations.pageTitle}
          </Link>
        </Button>
      </div>
      <Tabs defaultValue={initialTab}>
        <TabsList aria-label={m.admin.sections} className="flex-wrap">
          <TabsTrigger value="dashboard" className={tight}>
            {m.admin.dashboard}
          </TabsTrigger>
          <TabsTrigger value="live" className={tight}>
            {m.admin.liveControl}
          </TabsTrigger>
          <TabsTrigger value="moderation" className={tight}>
            {m.admin.moderation}
          </TabsTrigger>
          <TabsTrigger value="media" className={tight}>
            {m.admin.media}
          </TabsTrigger>
          <TabsTrigger value="visitors" className={tight}>
            {m.admin.visitorsTab}
          </TabsTrigger>
          <TabsTrigger value="events" className={tight}>
            {m.eventAdmin.tab}
          </TabsTrigger>
          <TabsTrigger value="groups" className={tight}>
            {m.groups.tab}
          </TabsTrigger>
          <TabsTrigger value="announcements" className={tight}>
            {m.announcements.tab}
          </TabsTrigger>
          <TabsTrigger value="journeys" className={tight}>
            {m.admin.journeysTab}
          </TabsTrigger>
          <TabsTrigger value="challenges" className={tight}>
            {m.admin.challengesTab}
          </TabsTrigger>
          <TabsTrigger value="giving" className={tight}>
            {m.funds.givingTab}
          </TabsTrigger>
          {owner && (
            <TabsTrigger value="people" className={tight}>
              {m.admin.people}
            </TabsTrigger>
          )}
          {pastor && (
            <TabsTrigger value="church" className={tight}>
              {m.churchAdmin.tab}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab />
        </TabsContent>
        <TabsContent value="live">
          <LiveControlTab queue={<QueueSummary />} />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationTab />
        </TabsContent>
        <TabsContent value="media">
          <MediaTab />
        </TabsContent>
        <TabsContent value="visitors">
          <VisitorsTab />
        </TabsContent>
        <TabsContent value="events">
          <EventsAdminTab />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsAdminTab />
        </TabsContent>
        <TabsContent value="announcements">
          <AnnouncementsTab />
        </TabsContent>
        <TabsContent value="journeys">
          <JourneysAdminTab />
        </TabsContent>
        <TabsContent value="challenges">
          <ChallengesAdminTab />
        </TabsContent>
        <TabsContent value="giving">{giving}</TabsContent>
        {owner && (
          <TabsContent value="people">
            <PeopleTab />
          </TabsContent>
        )}
        {pastor && (
          <TabsContent value="church">
            <ChurchAdminTab />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
