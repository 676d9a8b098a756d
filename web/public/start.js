/* global document, window */
// Starts the web app on a server-rendered page (docs/architecture.md "Web rendering") once the page has loaded: the
// page is complete without its scripts, so on a slow phone network they do not compete with what it first shows.
// The app's entry (a hashed file) is named by this script's element; a client-rendered page loads it directly.
const entry = document.querySelector('script[data-entry]')?.dataset.entry;
const start = () => import(entry);
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
