import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * public/push-handler.js, the service worker's push handling, run in a sandbox with a fake worker scope: what a
 * push shows, and where a tap leads.
 */
const source = readFileSync(new URL('../../public/push-handler.js', import.meta.url), 'utf8');

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: 'https://selah.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  runInNewContext(source, { self: scope, setTimeout, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  return { shown, opened, dispatch };
}

const pushOf = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });
const tap = (data: unknown) => ({ notification: { close: vi.fn(), data } });

describe('the service worker’s push handling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the message as the server wrote it, in the person’s language', async () => {
    const sw = worker();
    await sw.dispatch(
      'push',
      pushOf({ title: 'Es hora de orar', body: 'La oración de hoy: Paz', url: '/dashboard', tag: 'daily-reminder' }),
    );
    expect(sw.shown).toEqual([
      {
        title: 'Es hora de orar',
        options: expect.objectContaining({ body: 'La oración de hoy: Paz', tag: 'daily-reminder', data: { url: '/dashboard' } }),
      },
    ]);
  });

  it('keeps a message pointing elsewhere inside the app', async () => {
    const sw = worker();
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 12]) {
      await sw.dispatch('push', pushOf({ title: 'x', body: 'y', url }));
    }
    expect(sw.shown.map((entry) => (entry.options.data as { url: string }).url)).toEqual([
      '/dashboard',
      '/dashboard',
      '/dashboard',
      '/dashboard',
    ]);
  });

  it('a tap focuses the open window and goes to the named page after 500 ms', async () => {
    const open: FakeWindow = {
      url: 'https://selah.example/library',
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const sw = worker([open]);
    const event = tap({ url: '/personalized-journey/ancestors/plan/abc' });
    const listenersDone = sw.dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(499);
    expect(open.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await listenersDone;
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('/personalized-journey/ancestors/plan/abc');
  });

  it('a tap with no window open opens the dashboard', async () => {
    const sw = worker([]);
    await sw.dispatch('notificationclick', tap(undefined));
    await vi.runAllTimersAsync();
    expect(sw.opened).toEqual(['/dashboard']);
  });
});
