// Client bootstrap: mounts the app. Everything else lives in app/.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { chatWebviewOf } from './lib/userAgent';
import { preloadPublicPage } from './app/router/publicPages';

// WeCom / DingTalk webviews: marked for the layout (safe areas) and the tests.
const webview = chatWebviewOf();
if (webview) document.documentElement.dataset.webview = webview;

// A public page (the sign-in first of all) downloads beside the UI kit, which it draws inside.
preloadPublicPage(window.location.pathname);
// The first render is a transition: React draws the shell in slices and lets the browser answer
// input between them, instead of one long task on a slow phone.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
