import Audio
import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM into a ``StopSignal`` so that playback and recording end cleanly.
final class InterruptStop {
    let signal = StopSignal()
    private let sources: [any DispatchSourceSignal]

    init() {
        let stop = signal
        sources = [SIGINT, SIGTERM].map { number in
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.stop() }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
