// /user/login: sign-in with the mobile number and an SMS code.
import { LoginEntry } from './LoginEntry';

export default function LoginPhone() {
  return <LoginEntry tab="phone" />;
}
