// Toast and Dialog of antd-mobile (with their animation library, ~25 KB gzip), loaded when the API
// layer first has something to say, so the phone sign-in page does not pay for them up front.
export { Dialog, Toast } from 'antd-mobile';
