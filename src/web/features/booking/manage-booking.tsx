import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { BookingQuery, RescheduleRequest } from '../../../../machines/booking/booking-lifecycle.machine.ts';
import type { Reservation } from '../../../contract/reservations.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { useResponsePersonal } from '../../shared/ssr/server-render.tsx';
import { createBookingApi } from './booking-api.ts';
import { BookingLifecycle, type ManageMode } from './booking-lifecycle-view.tsx';
import { BookingLookup } from './booking-lookup.tsx';
import { HappeningTop } from './happening-top.tsx';
import { bookingMessages } from './messages.ts';

/** The booking's key of the address (`?key=`, from the booking's email or confirmation), or null for a member. */
function keyOf(search: string): string | null {
  return new URLSearchParams(search).get('key') || null;
}

/**
 * A booking's cancel or reschedule page: the lifecycle machine as a screen machine, loaded by the
 * server with the request's session or the address's key, restored in the browser. The page is
 * the shopper's own: never kept in the page cache. A booking not found offers a guest the lookup.
 */
export function ManageBooking({ number, mode }: { number: string; mode: ManageMode }) {
  useFeatureCatalog(bookingMessages);
  useResponsePersonal();
  const { t } = useLingui();
  const api = useApi(createBookingApi);
  const [location, navigate] = useLocation();
  const manageKey = keyOf(useSearch());
  const signedIn = useSignedIn();
  useDocumentHead({ title: mode === 'cancel' ? t`Cancel your booking` : t`Reschedule your booking` });
  const implementations = useMemo(
    () => ({
      actors: {
        loadBooking: fromPromise<Reservation, BookingQuery>(({ input, signal }) => api.booking(input.confirmationNumber, manageKey, { signal })),
        rescheduleBooking: fromPromise<Reservation, RescheduleRequest>(({ input }) => api.reschedule(input.confirmationNumber, { startsAt: input.startsAt, artistId: input.artistId }, manageKey)),
        cancelBooking: fromPromise<Reservation, BookingQuery>(({ input }) => api.cancel(input.confirmationNumber, manageKey)),
      },
    }),
    [api, manageKey],
  );
  const found = useCallback((key: string) => navigate(`${location}?key=${encodeURIComponent(key)}`, { replace: true }), [location, navigate]);
  return (
    <div className="happening happening--manage">
      <HappeningTop />
      <BookingLifecycle
        // A key found by the lookup is another way in: a new machine, loaded with it.
        key={manageKey ?? 'session'}
        implementations={implementations}
        input={{ confirmationNumber: number, now: api.clock.now() }}
        clock={api.clock.now}
        screenKey={`booking:${number}:${manageKey ? 'key' : 'session'}`}
        mode={mode}
        manageKey={manageKey}
        notFound={signedIn && !manageKey ? null : <BookingLookup number={number} onFound={found} />}
      />
    </div>
  );
}
