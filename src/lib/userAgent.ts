// Enterprise chat apps (WeCom, DingTalk) open the app in their own webviews: they get a different
// session-expiry path (spec §8), the layout marks them (data-webview on <html>) and stays inside
// their safe areas, and where their webview has no WebAuthn the payment password is used.
export type ChatWebview = 'wxwork' | 'dingtalk';

export function chatWebviewOf(ua: string = navigator.userAgent): ChatWebview | null {
  if (/wxwork/i.test(ua)) return 'wxwork';
  if (/DingTalk/i.test(ua)) return 'dingtalk';
  return null;
}

export function isEnterpriseChatApp(ua: string = navigator.userAgent): boolean {
  return chatWebviewOf(ua) !== null;
}
