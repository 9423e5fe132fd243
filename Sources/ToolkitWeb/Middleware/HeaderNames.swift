import HTTPTypes

/// The header names the web app sets or reads that HTTPTypes has no member for.
extension HTTPField.Name {
    static let contentSecurityPolicyHeader = HTTPField.Name("Content-Security-Policy")!
    static let referrerPolicyHeader = HTTPField.Name("Referrer-Policy")!
    static let contentTypeOptionsHeader = HTTPField.Name("X-Content-Type-Options")!
    static let frameOptionsHeader = HTTPField.Name("X-Frame-Options")!
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    static let host = HTTPField.Name("Host")!
    /// The name of an uploaded file.
    static let filename = HTTPField.Name("X-Filename")!
}
