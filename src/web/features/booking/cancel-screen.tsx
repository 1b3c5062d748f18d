import { useLocation } from 'wouter';
import type { ScreenProps } from '../../shared/screen.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { kindOfSegment } from './booking-paths.ts';
import { ManageBooking } from './manage-booking.tsx';

/** `/happening/{events,classes,services}/cancel/{number}` (spec §2): cancel a booking. */
export default function CancelScreen({ params }: ScreenProps) {
  const [location] = useLocation();
  if (kindOfSegment(params.kind) === null) return <NotFoundScreen path={location} reason="invalid" />;
  return <ManageBooking number={(params.number ?? '').toUpperCase()} mode="cancel" />;
}
