import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingStatus } from '../../../contract/booking.ts';
import type { ActivityKind } from '../../../contract/happening.ts';

/* Words the happening screens share: what a kind of activity is called, a booking's status. */

export const KIND_LABELS: Readonly<Record<ActivityKind, MessageDescriptor>> = {
  service: msg`Service`,
  class: msg`Class`,
  event: msg`Event`,
};

export const STATUS_LABELS: Readonly<Record<BookingStatus, MessageDescriptor>> = {
  confirmed: msg`Confirmed`,
  rescheduled: msg`Rescheduled`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};
