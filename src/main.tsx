// Client bootstrap: mounts the app. Everything else lives in app/.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { chatWebviewOf } from './lib/userAgent';

// WeCom / DingTalk webviews: marked for the layout (safe areas) and the tests.
const webview = chatWebviewOf();
if (webview) document.documentElement.dataset.webview = webview;

createRoot(document.getElementById('root')!).render(<App />);
