import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { showToast } from './toast.ts';

describe('showToast', () => {
  beforeEach(() =>
    notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] }),
  );

  it('keeps the three newest toasts and drops the oldest', () => {
    for (const message of ['first', 'second', 'third', 'fourth']) showToast(message);
    const { notifications, queue } = notificationsStore.getState();
    expect([...notifications, ...queue].map((toast) => toast.message)).toEqual(['second', 'third', 'fourth']);
  });
});
