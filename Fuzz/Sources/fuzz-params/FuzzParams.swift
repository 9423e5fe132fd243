import CFuzzer
import Glibc
@testable import JSONRPC  // ParamsDecoder: the decoding the router does, internal to JSONRPC
import NIOCore
import ToolkitAPI

/// Decodes arbitrary params into a catalogue method's `Params`, as the router does before calling a handler:
/// the first byte picks the method of ``MethodCatalogue/methods``, the rest is read as one JSON value by
/// ``RPCFrameDecoder`` (only valid JSON reaches a handler) and decoded with the method's positional names.
/// Params that decode must encode and decode back to the same value, as JSON means it: the members of an object
/// may come back in another order (the encoder sorts keys; decoding keeps the text's order), and one number may
/// be written two ways (a `Double` 8.222222222222222e+16 comes back as the integer 82222222222222220, which is
/// the same JSON number), so both sides are compared as their encodings read back as JSON values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParams(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = input.first else { return 0 }
    let method = MethodCatalogue.methods[Int(first) % MethodCatalogue.methods.count]
    var buffer = ByteBuffer(bytes: input[1...])
    var decoder = RPCFrameDecoder()
    guard case .value(let value)? = try? decoder.decodeLast(buffer: &buffer, seenEOF: true) else { return 0 }
    decodeParams(of: method, from: RawJSON(buffer: value))
    return 0
}

private func decodeParams<M: APIMethod>(of method: M.Type, from raw: RawJSON) {
    let params: M.Params
    do {
        params = try ParamsDecoder.decode(raw, positional: M.positionalParameters)
    } catch is RPCError {
        return
    } catch {
        fatalError("\(M.name): params decoding threw \(error), not an RPCError")
    }
    let encoded = try! RawJSON(encoding: params)
    let again: M.Params = try! ParamsDecoder.decode(encoded, positional: nil)
    let reencoded = try! RawJSON(encoding: again)
    precondition(
        again == params || reencoded.buffer == encoded.buffer
            || (try! reencoded.decode(JSONValue.self)) == (try! encoded.decode(JSONValue.self)),
        "\(M.name): params changed in a round trip:\n\(params)\n\(again)")
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzParams(data!, size) })
    }
}
