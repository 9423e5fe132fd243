import JSONRPC
import Testing

@testable import MCPBridge

@Suite struct BridgePolicyTests {
    @Test func byDefaultReadsAndWritesAreAllowedAndDestroysAreNot() {
        let policy = BridgePolicy()
        #expect(policy.allows(.read) && policy.allows(.write) && !policy.allows(.destroy))
    }

    @Test func readOnlyAllowsOnlyReads() {
        let policy = BridgePolicy(readOnly: true)
        #expect(policy.allows(.read) && !policy.allows(.write) && !policy.allows(.destroy))
    }

    @Test func allowDestructiveAllowsEverything() {
        let policy = BridgePolicy(allowDestructive: true)
        #expect(RPCMethodEffect.allCases.allSatisfy(policy.allows))
    }
}
