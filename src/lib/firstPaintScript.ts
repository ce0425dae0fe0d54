// The inline script index.html runs before any module (vite.config.ts writes it in): on a phone it
// paints the first screen of the current path as the app last drew it (src/lib/firstPaint.ts keeps
// it), or the build's default for that path, above the loading spinner, so the page's largest text
// shows with the first paint instead of after three rounds of downloads. The app removes it in the
// commit that draws the real thing (dropFirstPaint). Pure module: imported by the Vite config too.
import { BREAKPOINT_MOBILE, STORAGE_KEYS, STORAGE_PREFIX } from '../../contract/constants';

/** One kept first screen: an element's markup (inline styles only) and where it sat on the page. */
export interface FirstPaint {
  html: string;
  /** The element's margin box: px from the page's top, from the viewport's left and right edges. */
  top: number;
  left: number;
  right: number;
  /** The font the page draws it in (the UI kit's, which has not loaded when it is painted). */
  font: string;
  /** Not painted from this time on (a greeting of the hour, a date), ms since the epoch; null: no limit. */
  until: number | null;
  /** Painted only while a session token is kept (the user's own data). */
  user: boolean;
}

/** The painted element's id: the app removes it, the tests look for it. */
export const FIRST_PAINT_ID = 'app-first-paint';
/** Longest time the painted screen stays if the app never draws its page (a failed load). */
export const FIRST_PAINT_MAX_MS = 20_000;

/** The script's source, with the build's first screens for a first visit (by path). */
export function firstPaintScript(defaults: Record<string, FirstPaint>): string {
  const k = (key: string) => JSON.stringify(STORAGE_PREFIX + key);
  return `(function(){try{
if(!matchMedia(${JSON.stringify(BREAKPOINT_MOBILE)}).matches)return;
var now=Date.now(),path=location.pathname.replace(/\\/$/,'')||'/';
var get=function(key){var raw=localStorage.getItem(key);if(!raw)return null;var item=JSON.parse(raw);return item.expire===null||item.expire>now?item.value:null;};
var s=(get(${k(STORAGE_KEYS.firstPaint)})||{})[path]||${JSON.stringify(defaults)}[path];
if(!s||(s.until!==null&&s.until<=now)||(s.user&&!get(${k(STORAGE_KEYS.token)})))return;
var d=document.createElement('div');d.id=${JSON.stringify(FIRST_PAINT_ID)};d.setAttribute('aria-hidden','true');d.dataset.path=path;
d.style.cssText='position:absolute;z-index:1;pointer-events:none;top:'+s.top+'px;left:'+s.left+'px;right:'+s.right+'px';d.style.fontFamily=s.font;
d.innerHTML=s.html;document.body.appendChild(d);
var label=document.querySelector('#app-loading p');if(label)label.style.visibility='hidden';
setTimeout(function(){d.remove();},${FIRST_PAINT_MAX_MS});
}catch(e){}})();`;
}
