// Wire keys the client is built with (the server runs with the same values; see README).
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET, encodePassword } from '@contract/crypto';

export const LOGIN_AES_KEY = import.meta.env.VITE_LOGIN_AES_KEY || DEFAULT_LOGIN_AES_KEY;
export const SIGN_SECRET = import.meta.env.VITE_SIGN_SECRET || DEFAULT_SIGN_SECRET;

/** Encodes a password for the wire as the spec's login calls expect it. */
export const encodeForWire = (plain: string) => encodePassword(plain, LOGIN_AES_KEY);
