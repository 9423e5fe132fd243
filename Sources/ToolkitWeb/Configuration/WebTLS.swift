public import HummingbirdTLS
import NIOSSL

/// HTTPS for `toolkit-web` on a network: a certificate chain and its private key, read from PEM files once at
/// start (swift-nio-ssl, BoringSSL). Browsers then send the session cookie only over TLS (it is `Secure`).
public enum WebTLS {
    /// The server's TLS configuration from `certificateFile` (the leaf first, then any intermediates) and
    /// `keyFile` (unencrypted PEM: RSA, EC or Ed25519).
    /// - Throws: ``WebError`` `.tls` naming the file that cannot be read or does not hold what it should, or a
    ///   key that does not belong to the certificate.
    public static func configuration(certificateFile: String, keyFile: String) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw WebError(.tls, "--tls-cert \(certificateFile): not a readable PEM certificate (\(error)).")
        }
        guard !chain.isEmpty else {
            throw WebError(.tls, "--tls-cert \(certificateFile): holds no PEM certificate.")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw WebError(.tls, "--tls-key \(keyFile): not a readable, unencrypted PEM private key (\(error)).")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        // A key that does not match the certificate is found here, at start, not at the first handshake.
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw WebError(
                .tls, "--tls-key \(keyFile) does not belong to the certificate in \(certificateFile) (\(error)).")
        }
        return configuration
    }
}
