// /user/login-admin: the main sign-in, account and password (spec §2).
import { LoginEntry } from './LoginEntry';

export default function LoginAdmin() {
  return <LoginEntry tab="password" />;
}
