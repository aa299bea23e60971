// Outside links an operator publishes to every user (the contact links of GET /api/common/config):
// the server accepts only https:// URLs, and the web renders a link only when its scheme is http(s),
// so a stored `javascript:` or `data:` text never becomes a clickable link. One rule for both sides.
import { z } from 'zod';

/** The longest link an operator may store. */
export const LINK_MAX_LENGTH = 300;

const hasControl = (text: string) =>
  Array.from(text).some((c) => {
    const n = c.codePointAt(0) ?? 0;
    return n < 0x20 || n === 0x7f;
  });

/** Absolute URL with a host, no spaces or control characters (a URL parser would drop them silently). */
function parsed(text: string): URL | null {
  if (text.length > LINK_MAX_LENGTH || /\s/.test(text) || hasControl(text)) return null;
  try {
    const u = new URL(text);
    return u.hostname === '' ? null : u;
  } catch {
    return null;
  }
}

/** Whether `text` is an https:// URL with a host: what an operator may publish. */
export function isHttpsUrl(text: string): boolean {
  return parsed(text)?.protocol === 'https:' && /^https:\/\//i.test(text);
}

/** The link to render for `text`, or null when its scheme is not http(s) (nothing clickable then). */
export function safeHref(text: string | null | undefined): string | null {
  if (!text) return null;
  const u = parsed(text);
  return u && (u.protocol === 'https:' || u.protocol === 'http:') && /^https?:\/\//i.test(text) ? text : null;
}

/** A contact link as stored and accepted: an https:// URL, or '' for none (the page then hides it). */
export const contactLink = z
  .string()
  .max(LINK_MAX_LENGTH)
  .refine((s) => s === '' || isHttpsUrl(s), { message: 'must be an https:// URL' })
  .describe("an https:// URL, or '' to hide the link");
