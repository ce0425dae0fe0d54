// /user/login-admin: the main sign-in, account and password (spec §2).
import { LoginEntry, preloadLoginView } from './LoginEntry';

preloadLoginView('password');

export default function LoginAdmin() {
  return <LoginEntry tab="password" />;
}
