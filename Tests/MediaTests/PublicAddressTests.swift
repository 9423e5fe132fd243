import Testing

@testable import Media

/// Which addresses a `publicOnly` import may connect to: each range that is not public, at its edges and
/// just past them, in both families and in the IPv6 forms that carry an IPv4 address.
struct PublicAddressTests {
    static let notPublicAddresses = [
        // IPv4, each range's first and last address
        "0.0.0.0", "0.255.255.255",  // this network
        "10.0.0.0", "10.255.255.255",  // private
        "100.64.0.0", "100.127.255.255",  // carrier-grade NAT
        "127.0.0.1", "127.0.0.0", "127.255.255.255",  // loopback
        "169.254.0.0", "169.254.169.254", "169.254.255.255",  // link-local, cloud metadata
        "172.16.0.0", "172.31.255.255",  // private
        "192.0.0.0", "192.0.0.255",  // IETF protocol assignments
        "192.168.0.0", "192.168.255.255",  // private
        "198.18.0.0", "198.19.255.255",  // benchmarking
        "224.0.0.0", "239.255.255.255",  // multicast
        "240.0.0.0", "255.255.255.254", "255.255.255.255",  // reserved, broadcast
        // IPv6
        "::", "::1", "0:0:0:0:0:0:0:1",
        "fc00::", "fd12:3456::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",  // unique local
        "fe80::", "fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",  // link-local
        "ff00::", "ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",  // multicast
        // IPv6 carrying a private IPv4
        "::ffff:127.0.0.1", "::ffff:7f00:1", "::FFFF:10.1.2.3", "::ffff:169.254.169.254",  // mapped
        "::127.0.0.1", "::10.0.0.1",  // compatible
        "::ffff:0:192.168.1.1",  // translated
        "64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b:1::10.0.0.1",  // NAT64
        "2002:7f00:1::", "2002:c0a8:101::1",  // 6to4
        // Not an address at all
        "", "localhost", "127.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "256.1.1.1", "fe80::1%eth0", "::ffff:",
        " 8.8.8.8",
    ]

    static let publicAddresses = [
        // IPv4, just outside each range
        "1.0.0.0", "9.255.255.255", "11.0.0.0",
        "100.63.255.255", "100.128.0.0",
        "126.255.255.255", "128.0.0.0",
        "169.253.255.255", "169.255.0.0",
        "172.15.255.255", "172.32.0.0",
        "191.255.255.255", "192.0.1.0",
        "192.167.255.255", "192.169.0.0",
        "198.17.255.255", "198.20.0.0",
        "223.255.255.255",
        "8.8.8.8", "93.184.216.34",
        // IPv6
        "2001:db8::1", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e",
        "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe00::", "fec0::1", "feff::1",
        "::2:0:0:1",  // neither ::/96 nor ::ffff:0:0/96
        // IPv6 carrying a public IPv4
        "::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::8.8.8.8", "64:ff9b:1::8.8.8.8", "2002:808:808::1",
    ]

    @Test(arguments: notPublicAddresses)
    func isNotPublic(_ address: String) {
        #expect(!PublicAddress.isPublic(address))
    }

    @Test(arguments: publicAddresses)
    func isPublic(_ address: String) {
        #expect(PublicAddress.isPublic(address))
    }
}
