#if canImport(Glibc)
import Glibc
#endif

/// Whether an IP address is one any host on the internet could be: not the machine itself, not a private,
/// shared, link-local or reserved network, not multicast or broadcast.
///
/// A URL import with `publicOnly` asks this about every address libcurl is about to connect to, redirects
/// included, so a URL a model read on a hostile page cannot make the core fetch from the machine's own
/// services or its network's, however the name resolves at fetch time.
package enum PublicAddress {
    /// IPv4 networks that are not public, as (first address, prefix length).
    static let privateIPv4: [(network: UInt32, prefix: Int)] = [
        (0x0000_0000, 8),  // 0.0.0.0/8, "this network"
        (0x0A00_0000, 8),  // 10.0.0.0/8, private
        (0x6440_0000, 10),  // 100.64.0.0/10, carrier-grade NAT
        (0x7F00_0000, 8),  // 127.0.0.0/8, loopback
        (0xA9FE_0000, 16),  // 169.254.0.0/16, link-local (cloud metadata services live here)
        (0xAC10_0000, 12),  // 172.16.0.0/12, private
        (0xC000_0000, 24),  // 192.0.0.0/24, IETF protocol assignments
        (0xC0A8_0000, 16),  // 192.168.0.0/16, private
        (0xC612_0000, 15),  // 198.18.0.0/15, benchmarking
        (0xE000_0000, 4),  // 224.0.0.0/4, multicast
        (0xF000_0000, 4),  // 240.0.0.0/4, reserved, with 255.255.255.255 (broadcast)
    ]

    /// Whether `ip` (dotted IPv4, or IPv6 in any textual form, without a zone) is a public address.
    /// IPv6 that carries an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
    /// IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`) is
    /// judged by that IPv4 address. Text that is not an address is not public.
    package static func isPublic(_ ip: String) -> Bool {
        if let v4 = ipv4(ip) { return isPublic(v4: v4) }
        if let v6 = ipv6(ip) { return isPublic(v6: v6) }
        return false
    }

    static func isPublic(v4 address: UInt32) -> Bool {
        !privateIPv4.contains { network, prefix in address >> (32 - prefix) == network >> (32 - prefix) }
    }

    static func isPublic(v6 bytes: [UInt8]) -> Bool {
        if let embedded = embeddedIPv4(bytes) { return isPublic(v4: embedded) }
        switch bytes[0] {
        case 0xFC, 0xFD: return false  // fc00::/7, unique local
        case 0xFE where bytes[1] & 0xC0 == 0x80: return false  // fe80::/10, link-local
        case 0xFF: return false  // ff00::/8, multicast
        default: return true
        }
    }

    /// The IPv4 address an IPv6 address carries, for the forms that carry one; `::` and `::1` are
    /// IPv4-compatible forms of 0.0.0.0 and 0.0.0.1, so they are judged as "this network".
    static func embeddedIPv4(_ bytes: [UInt8]) -> UInt32? {
        func word(at index: Int) -> UInt32 {
            bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let zeroes = { (range: Range<Int>) in bytes[range].allSatisfy { $0 == 0 } }
        if zeroes(0..<10) && bytes[10] == 0xFF && bytes[11] == 0xFF { return word(at: 12) }  // ::ffff:0:0/96
        if zeroes(0..<12) { return word(at: 12) }  // ::/96
        if zeroes(0..<8) && bytes[8] == 0xFF && bytes[9] == 0xFF && zeroes(10..<12) { return word(at: 12) }
        let nat64 = bytes[0] == 0x00 && bytes[1] == 0x64 && bytes[2] == 0xFF && bytes[3] == 0x9B
        if nat64 && zeroes(4..<12) { return word(at: 12) }  // 64:ff9b::/96
        if nat64 && bytes[4] == 0x00 && bytes[5] == 0x01 { return word(at: 12) }  // 64:ff9b:1::/48
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return word(at: 2) }  // 2002::/16, 6to4
        return nil
    }

    /// The 32 bits of a dotted IPv4 address (`inet_pton`'s strict four-part form).
    static func ipv4(_ text: String) -> UInt32? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    /// The 16 bytes of an IPv6 address.
    static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
