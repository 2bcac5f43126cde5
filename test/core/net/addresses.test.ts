import { test } from "node:test";
import assert from "node:assert/strict";
import { isPublicAddress } from "../../../core/net/addresses.ts";

test("only public addresses are reachable from a caller's URL", () => {
  const cases: Array<{ given: string; want: boolean }> = [
    { given: "8.8.8.8", want: true },
    { given: "93.184.216.34", want: true },
    { given: "127.0.0.1", want: false },
    { given: "127.255.0.9", want: false },
    { given: "10.1.2.3", want: false },
    { given: "172.16.0.1", want: false },
    { given: "172.31.255.255", want: false },
    { given: "172.32.0.1", want: true },
    { given: "192.168.1.1", want: false },
    { given: "169.254.169.254", want: false },
    { given: "100.64.0.1", want: false },
    { given: "0.0.0.0", want: false },
    { given: "224.0.0.1", want: false },
    { given: "255.255.255.255", want: false },
    { given: "::1", want: false },
    { given: "::", want: false },
    { given: "::ffff:127.0.0.1", want: false },
    { given: "::ffff:7f00:1", want: false },
    { given: "::ffff:8.8.8.8", want: true },
    { given: "fe80::1", want: false },
    { given: "fd00::1", want: false },
    { given: "ff02::1", want: false },
    { given: "64:ff9b::a9fe:a9fe", want: false },
    { given: "2002:7f00:1::", want: false },
    { given: "2606:4700:4700::1111", want: true },
    { given: "not an ip", want: false },
  ];
  for (const { given, want } of cases) assert.equal(isPublicAddress(given), want, given);
});
