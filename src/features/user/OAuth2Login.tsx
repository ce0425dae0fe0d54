// /oauth2-app/login: the same sign-in for a third-party application; the redirect query is kept
// and honoured after sign-in exactly as on the main login.
import { LoginEntry } from './LoginEntry';

export default function OAuth2Login() {
  return <LoginEntry tab="password" title="第三方应用登录" />;
}
