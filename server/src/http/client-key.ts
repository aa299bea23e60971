// Who "one client" is for every per-address limit (requests per IP, event streams per address): an
// IPv4 address, or the /64 of an IPv6 one — one home or one server is given a whole /64, so keying
// on the full address would give a single client 2^64 separate limits (docs/api.md "Limits").
import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address as numbers (an IPv4 tail becomes the last two), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 ? groups : null;
}

/**
 * The key of the client at `ip`: the IPv4 address as written (also when it comes as `::ffff:a.b.c.d`),
 * an IPv6 address's /64 as `v6:2001:db8:1:2::/64`, anything else as it is.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  // IPv4-mapped (::ffff:0:0/96): the IPv4 client it stands for
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6] as number, g[7] as number].flatMap((x) => [x >> 8, x & 0xff]).join('.');
  return `v6:${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
