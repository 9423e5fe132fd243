#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// A Python plugin named `shape` whose manifest lists the methods given, each answering with the params it was
/// called with: what the core let through its schema check, seen by a client as the result.
enum SchemaPlugin {
    /// Writes the plugin into `directory` with `methods` (the manifest's `methods`, as JSON text); returns its
    /// path.
    static func write(in directory: TemporaryDirectory, methods: String) throws -> String {
        let script = """
            #!/usr/bin/env python3
            import json, sys
            METHODS = json.loads(r'''\(methods)''')
            for line in sys.stdin:
                message = json.loads(line)
                if "id" not in message:
                    continue
                method, params = message["method"], message.get("params")
                if method == "getmanifest":
                    result = {"name": "shape", "version": "1.0", "protocol": 1, "methods": METHODS}
                elif method == "init":
                    result = {}
                else:
                    result = params
                print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)

            """
        let file = try directory.write("shape", Array(script.utf8))
        chmod(file, 0o755)
        return file
    }
}
