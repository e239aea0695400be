/** Admin (/admin, spec section 2): Dashboard, Live Control, Moderation, and People for OWNERs. */
import { ShieldAlert } from "lucide-react";
import { isStaff } from "@contract/roles";
import { SERVICES_TEXT } from "@contract/services";
import { useAuth } from "@/lib/auth";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DashboardTab } from "./dashboard-tab";
import { LiveControlTab } from "./live-control-tab";
import { ModerationTab } from "./moderation-tab";
import { PeopleTab } from "./people-tab";

export default function AdminPage() {
  const { user } = useAuth();
  if (!user || !isStaff(user.role)) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 pt-5">
          <ShieldAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
          <p className="text-base" role="alert">
            {SERVICES_TEXT.accessDenied}
          </p>
        </CardContent>
      </Card>
    );
  }
  const owner = user.role === "OWNER";
  // Four tabs must fit a phone's width: tighter triggers when People shows.
  const tight = owner ? "px-1 text-[0.8125rem]" : undefined;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <h1 className="text-2xl font-bold">Admin</h1>
      <Tabs defaultValue="dashboard">
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="dashboard" className={tight}>
            Dashboard
          </TabsTrigger>
          <TabsTrigger value="live" className={tight}>
            Live Control
          </TabsTrigger>
          <TabsTrigger value="moderation" className={tight}>
            Moderation
          </TabsTrigger>
          {owner && (
            <TabsTrigger value="people" className={tight}>
              People
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab />
        </TabsContent>
        <TabsContent value="live">
          <LiveControlTab />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationTab />
        </TabsContent>
        {owner && (
          <TabsContent value="people">
            <PeopleTab />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
