import { DailyFocusCard } from "./daily-focus-card";
import { RecentSermons } from "./recent-sermons";
import { ChallengesSection } from "./challenges-section";
import { GroupsSection } from "./groups-section";
import { TestimoniesSection } from "./testimonies-section";
import { ConnectCards } from "./connect-cards";

/** Connect / Community (spec section 2), in the spec's order; the church's pages follow. */
export default function ConnectPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Connect</h1>
      <DailyFocusCard />
      <RecentSermons />
      <ChallengesSection />
      <GroupsSection />
      <TestimoniesSection />
      <ConnectCards />
    </div>
  );
}
