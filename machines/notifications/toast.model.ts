import { msg } from '@lingui/core/macro';
import { defineModel } from '../model/types.ts';
import { NOTIFICATION_DEFAULTS } from './defaults.ts';
import { toastMachine } from './toast.machine.ts';

/** Hover pause and close on click are on, so every state and transition of a toast is reachable. */
export const toastModel = defineModel({
  id: 'notificationToast',
  title: msg`Notification toast`,
  description: msg`One toast: visible until its duration passes, a click or a close command (the timer pauses while hovered), then leaving for the exit animation, then destroyed.`,
  machine: toastMachine,
  input: {
    item: {
      id: 'notification-1',
      title: 'Saved',
      text: 'Your changes are saved.',
      type: 'success',
      group: null,
      duration: NOTIFICATION_DEFAULTS.duration,
      speed: NOTIFICATION_DEFAULTS.speed,
      data: null,
    },
    pauseOnHover: true,
    closeOnClick: true,
  },
  events: [
    { type: 'toast.hover' },
    { type: 'toast.leave' },
    { type: 'toast.click' },
    { type: 'toast.close' },
    { type: 'xstate.after.toastDuration.toast.visible.running' },
    { type: 'xstate.after.toastSpeed.toast.leaving' },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
