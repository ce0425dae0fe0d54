/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_LOGIN_AES_KEY?: string;
  readonly VITE_SIGN_SECRET?: string;
}
