import { DailyFocusCard } from "@/features/connect/daily-focus-card";
import { RecentSermons } from "@/features/connect/recent-sermons";
import { ChallengesSection } from "@/features/connect/challenges-section";
import { GroupsSection } from "@/features/groups/groups-section";
import { TestimoniesSection } from "@/features/testimonies/testimonies-section";
import { ConnectCards } from "@/features/connect/connect-cards";
import { DirectoryCard } from "@/features/directory/directory-card";
import { useI18n } from "@/lib/i18n";

/** Connect / Community (spec section 2), in the spec's order; the church's pages follow. */
export default function ConnectPage() {
  const { m } = useI18n();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">{m.connect.title}</h1>
      <DailyFocusCard />
      <RecentSermons />
      <ChallengesSection />
      <GroupsSection />
      <TestimoniesSection />
      <DirectoryCard />
      <ConnectCards />
    </div>
  );
}
