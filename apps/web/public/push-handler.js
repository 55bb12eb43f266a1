/*
 * Push notifications in the offline service worker (imported by service-worker.js; issue 18). The server sends
 * each message already in the person's language: { title, body, url, tag }. A tap focuses an open window of the
 * app, or opens one, and goes to the page the message names (the dashboard by default) after 500 ms (spec
 * section 9: push-tap navigation delay).
 */

/** Spec section 9: push-tap navigation delay. */
const PUSH_TAP_NAVIGATION_DELAY_MS = 500;

/** Only the app's own pages: a message can never send the app elsewhere. */
function targetOf(data) {
  const url = data && typeof data.url === 'string' ? data.url : '';
  return /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/.test(url) ? url : '/dashboard';
}

function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const title = typeof data.title === 'string' && data.title ? data.title : 'Selah';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: targetOf(data) },
    }),
  );
});

async function openFromNotification(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  await open.focus();
  await new Promise((resolve) => setTimeout(resolve, PUSH_TAP_NAVIGATION_DELAY_MS));
  try {
    await open.navigate(url);
  } catch {
    // A window this worker does not control cannot be navigated by it: open the page instead.
    await self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(targetOf(event.notification.data)));
});
