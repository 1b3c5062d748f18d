import { describe, expect, test } from 'vitest';
import { toastConnect } from '../../machines/notifications/toast.connect.ts';
import { toastMachine } from '../../machines/notifications/toast.machine.ts';
import { connectActor } from './connect-helpers.ts';

describe('toastConnect', () => {
  const input = {
    item: { id: 'n-1', title: 'Saved', text: 'Your changes are saved.', type: 'success' as const, group: null, duration: 5000, speed: 300, data: null },
    pauseOnHover: true,
    closeOnClick: false,
  };

  test('hover pauses, leave resumes, a click does not close it (closeOnClick off), close does', () => {
    const { actor, send, sent } = connectActor(toastMachine, input);
    const view = () => toastConnect(actor.getSnapshot(), send);
    expect(view().phase).toBe('visible');
    view().hover();
    expect(view().phase).toBe('paused');
    view().leave();
    expect(view().phase).toBe('visible');
    view().click();
    expect(view().phase).toBe('visible');
    view().close();
    expect(view().phase).toBe('leaving');
    expect(sent.map((event) => event.type)).toEqual(['toast.hover', 'toast.leave', 'toast.click', 'toast.close']);
  });
});
