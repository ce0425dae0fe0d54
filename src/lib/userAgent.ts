// Enterprise chat apps (WeCom, DingTalk) get a different session-expiry path (spec §8).
export function isEnterpriseChatApp(ua: string = navigator.userAgent): boolean {
  return /wxwork|DingTalk/i.test(ua);
}
