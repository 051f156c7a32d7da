import { AvailabilityScreen } from '../features/interviews/components/availability-screen.tsx';
import { CalendarFeedCard } from '../features/scorecards/components/calendar-feed-card.tsx';

/**
 * Settings → Availability: the member's interview hours, and beside them the private calendar
 * link that puts their interviews in their own calendar app.
 */
export function AvailabilityRoute() {
  return (
    <div className="availability-route">
      <AvailabilityScreen />
      <CalendarFeedCard />
    </div>
  );
}
