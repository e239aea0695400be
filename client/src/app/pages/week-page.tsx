/** /week (spec route table): the church's week on one screen. */
import { WeekView } from "@/features/calendar/week-view";

export default function WeekPage() {
  return <WeekView />;
}
