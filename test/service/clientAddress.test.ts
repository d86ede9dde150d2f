/** The address per-client limits count under. */
import { describe, expect, it } from "vitest";
import { clientAddressKey } from "../../src/service/clientAddress.js";

describe("clientAddressKey", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(clientAddressKey("127.0.0.2")).toBe("127.0.0.2");
    expect(clientAddressKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(clientAddressKey("::FFFF:10.1.2.3")).toBe("10.1.2.3");
  });

  it("counts IPv6 by its /64, however it is written", () => {
    const key = "2001:db8:0:1::/64";
    expect(clientAddressKey("2001:db8:0:1::1")).toBe(key);
    expect(clientAddressKey("2001:0db8:0000:0001:ffff:1:2:3")).toBe(key);
    expect(clientAddressKey("2001:DB8:0:1:abcd::9%eth0")).toBe(key);
    expect(clientAddressKey("2001:db8:0:2::1")).not.toBe(key);
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("64:ff9b::1.2.3.4")).toBe("64:ff9b:0:0::/64");
  });

  it("is empty without an address (no socket)", () => {
    expect(clientAddressKey(undefined)).toBe("");
    expect(clientAddressKey("")).toBe("");
  });
});
