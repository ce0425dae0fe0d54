// /user/login: sign-in with the mobile number and an SMS code.
import { LoginEntry, preloadLoginView } from './LoginEntry';

preloadLoginView('phone');

export default function LoginPhone() {
  return <LoginEntry tab="phone" />;
}
