// Client bootstrap: mounts the app. Everything else lives in app/.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(<App />);
