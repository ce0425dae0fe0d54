// How the API layer talks to the user. The layouts plug in antd (desktop) or antd-mobile (phone)
// renderings; the API layer itself never imports a UI kit.
export interface ApiUi {
  error(message: string): void;
  warning(message: string): void;
  /** Shows the '登录已过期' modal; resolves when the user presses OK. */
  sessionExpired(): Promise<void>;
  /** In enterprise chat apps: a loading message while signing in again. */
  loading(message: string): void;
}

// Until the device's kit has loaded and plugged in its renderings, what the API layer says waits for
// it (a page may ask, and hear 401, before the kit's chunk arrives; the modal must not be lost).
let kitReady: () => void = () => {};
const kitLoaded = new Promise<void>((resolve) => (kitReady = resolve));

let ui: ApiUi = {
  error: (m) => void kitLoaded.then(() => ui.error(m)),
  warning: (m) => void kitLoaded.then(() => ui.warning(m)),
  sessionExpired: () => kitLoaded.then(() => ui.sessionExpired()),
  loading: (m) => void kitLoaded.then(() => ui.loading(m)),
};

export function setApiUi(next: ApiUi): void {
  ui = { ...next };
  kitReady();
}
export const apiUi = (): ApiUi => ui;
