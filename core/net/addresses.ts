/**
 * Which addresses a caller's URL may reach (service-interface.md: URLs may only point to public addresses).
 * Refused: loopback, private, link-local (cloud metadata lives there), carrier-grade NAT, multicast, reserved,
 * unspecified, documentation ranges, and IPv6 forms that embed such an IPv4 address.
 */
import { isIP } from "node:net";

const v4ToInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

const V4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this" network, unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const inV4Block = (ip: string) =>
  V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return ((v4ToInt(ip) & mask) >>> 0) === ((v4ToInt(base) & mask) >>> 0);
  });

const expandV6 = (ip: string): number[] | null => {
  let text = ip.toLowerCase().split("%")[0]!;
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parts = (s: string | undefined) => (s ? s.split(":").filter(Boolean).map((h) => parseInt(h, 16)) : []);
  const h = parts(head);
  const t = parts(tail);
  if (tail === undefined) return h.length === 8 ? h : null;
  return [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
};

export const isPublicAddress = (ip: string): boolean => {
  const family = isIP(ip);
  if (family === 4) return !inV4Block(ip);
  if (family !== 6) return false;
  const h = expandV6(ip);
  if (!h) return false;
  const embeddedV4 = `${h[6]! >> 8}.${h[6]! & 255}.${h[7]! >> 8}.${h[7]! & 255}`;
  if (h.slice(0, 6).every((x) => x === 0)) return h[6] === 0 && h[7]! <= 1 ? false : !inV4Block(embeddedV4); // ::, ::1, ::a.b.c.d
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return !inV4Block(embeddedV4); // IPv4-mapped
  if (h[0] === 0x64 && h[1] === 0xff9b) return !inV4Block(embeddedV4); // NAT64
  if ((h[0]! & 0xfe00) === 0xfc00) return false; // unique local
  if ((h[0]! & 0xffc0) === 0xfe80) return false; // link-local
  if ((h[0]! & 0xff00) === 0xff00) return false; // multicast
  if (h[0] === 0x2001 && h[1] === 0x0db8) return false; // documentation
  if (h[0] === 0x2002) return !inV4Block(`${h[1]! >> 8}.${h[1]! & 255}.${h[2]! >> 8}.${h[2]! & 255}`); // 6to4
  return true;
};
