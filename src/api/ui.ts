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

let ui: ApiUi = {
  error: (m) => console.error(m),
  warning: (m) => console.warn(m),
  sessionExpired: async () => undefined,
  loading: (m) => console.info(m),
};

export function setApiUi(next: Partial<ApiUi>): void {
  ui = { ...ui, ...next };
}
export const apiUi = (): ApiUi => ui;
