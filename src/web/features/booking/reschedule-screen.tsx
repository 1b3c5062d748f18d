import type { ScreenProps } from '../../shared/screen.ts';
import { ManageBooking } from './manage-booking.tsx';

/** `/happening/services/reschedule/{number}` (spec §2): move a service booking to another free time. */
export default function RescheduleScreen({ params }: ScreenProps) {
  return <ManageBooking number={(params.number ?? '').toUpperCase()} mode="reschedule" />;
}
