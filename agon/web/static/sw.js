// The service worker of agon's pages (served at /sw.js, scope "/"): it shows the Web Push
// notifications the server sends (issue 31) when no page of the match is in view, and a click
// opens the notification's link (the seat's page). A page in view shows its own notification
// (the Notification API, notify.js), so the push is not shown twice.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self)); // a service worker's own scope

worker.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" ? data.title : "agon";
  const body = typeof data.body === "string" ? data.body : "";
  const url = typeof data.url === "string" ? data.url : "/";
  event.waitUntil((async () => {
    const open = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    const path = new URL(url, worker.location.origin).pathname;
    if (open.some((client) => client.visibilityState === "visible" && new URL(client.url).pathname === path)) return;
    await worker.registration.showNotification(title, { body, data: { url }, tag: path });
  })());
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url ? event.notification.data.url : "/";
  event.waitUntil(worker.clients.openWindow(url));
});
