import Testing

@testable import Media

/// Expects `body` to throw a ``MediaError`` with `code`.
func expectCode<R>(
    _ code: MediaError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) {
    do {
        _ = try body()
        Issue.record("expected MediaError.\(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect((error as? MediaError)?.code == code, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw a ``MediaError`` with `code`.
func expectCodeAsync<R>(
    _ code: MediaError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> R
) async {
    do {
        _ = try await body()
        Issue.record("expected MediaError.\(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect((error as? MediaError)?.code == code, "\(error)", sourceLocation: sourceLocation)
    }
}
