#if canImport(Glibc)
import Glibc
#endif

/// The one error type of the `Audio` module.
///
/// `code` says what kind of failure it was (match it with `catch AudioError.unsupportedFormat`),
/// `message` is a sentence a person can act on, and ALSA failures carry the device name and
/// ALSA's own text (`snd_strerror`).
public struct AudioError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case malformedFile, unsupportedFormat, io, device, invalidArgument, unknownSound
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file is not a WAV file or its structure is broken (truncated header, no fmt or data chunk).
        public static let malformedFile = Code(.malformedFile)
        /// The file is a valid WAV file in an encoding this module does not play (A-law, ADPCM, …).
        public static let unsupportedFormat = Code(.unsupportedFormat)
        /// Reading or writing a file failed.
        public static let io = Code(.io)
        /// ALSA refused an operation on a PCM device; maps to JSON-RPC -32006.
        public static let device = Code(.device)
        /// A parameter is out of range (rate, channel count, duration).
        public static let invalidArgument = Code(.invalidArgument)
        /// No built-in sound has that name.
        public static let unknownSound = Code(.unknownSound)

        public var description: String {
            switch value {
            case .malformedFile: "malformed file"
            case .unsupportedFormat: "unsupported format"
            case .io: "I/O error"
            case .device: "device error"
            case .invalidArgument: "invalid argument"
            case .unknownSound: "unknown sound"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence saying what went wrong and, where possible, what would be right.
    public var message: String
    /// The ALSA PCM name, for device errors.
    public var device: String?
    /// ALSA's negative error number, for device errors.
    public var alsaErrorNumber: Int32?
    /// ALSA's text for ``alsaErrorNumber`` (`snd_strerror`).
    public var alsaError: String?
    /// The error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// Where the error was made.
    public var file: String
    /// Where the error was made.
    public var line: Int

    /// Makes an error.
    /// - Parameters:
    ///   - code: what kind of failure it is.
    ///   - message: a sentence a person can act on.
    ///   - device: the ALSA PCM name, for device errors.
    ///   - alsaErrorNumber: ALSA's negative error number.
    ///   - alsaError: ALSA's text for it.
    ///   - underlying: the cause.
    public init(
        _ code: Code,
        _ message: String,
        device: String? = nil,
        alsaErrorNumber: Int32? = nil,
        alsaError: String? = nil,
        underlying: (any Error & Sendable)? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.device = device
        self.alsaErrorNumber = alsaErrorNumber
        self.alsaError = alsaError
        self.underlying = underlying
        self.file = file
        self.line = line
    }

    public var description: String {
        if let underlying {
            return "\(message) (\(underlying))"
        }
        return message
    }
}

extension AudioError.Code {
    /// Lets callers write `catch AudioError.Code.device`, or match a code against any error.
    public static func ~= (code: AudioError.Code, error: any Error) -> Bool {
        (error as? AudioError)?.code == code
    }
}

extension AudioError {
    /// An I/O error for `path`, with `errno`'s text.
    static func posix(_ action: String, path: String, errno number: Int32, file: String = #fileID, line: Int = #line)
        -> AudioError
    {
        let text = String(cString: strerror(number))
        return AudioError(.io, "\(path): cannot \(action): \(text)", file: file, line: line)
    }
}
