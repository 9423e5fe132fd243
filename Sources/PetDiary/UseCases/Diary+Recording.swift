import Audio
import Media
import NIOConcurrencyHelpers
import Synchronization

/// What to record: how long, from which ALSA device, in which format.
package struct RecordingRequest: Sendable, Hashable {
    /// More than 0, at most ``Diary/maximumRecordingSeconds``.
    package var seconds: Double
    /// An ALSA PCM name; the settings' `captureDevice` when nil or empty.
    package var device: String?
    /// Frames per second, 1 to ``Diary/maximumRecordingRate``.
    package var rate: Int
    /// 1 to ``Diary/maximumRecordingChannels``.
    package var channels: Int

    /// - Parameters:
    ///   - seconds: How long to record.
    ///   - device: The ALSA PCM; nil for the settings' `captureDevice`.
    ///   - rate: Frames per second; 44,100 by default, as `toolkit sound record`.
    ///   - channels: 1 (mono) by default, as `toolkit sound record`.
    package init(seconds: Double, device: String? = nil, rate: Int = 44_100, channels: Int = 1) {
        self.seconds = seconds
        self.device = device
        self.rate = rate
        self.channels = channels
    }
}

extension Diary {
    /// The longest recording: 10 minutes.
    package static let maximumRecordingSeconds = 600.0
    /// The highest rate recorded.
    package static let maximumRecordingRate = 192_000
    /// The most channels recorded.
    package static let maximumRecordingChannels = 8

    /// Records 16-bit PCM from an ALSA device into a new sound of kind `recorded`, and publishes
    /// `sound.recorded`. The capture streams into a temp file in the blob store, period by period; it is
    /// hashed, synced and renamed as a blob when complete, and the row inserted in one transaction.
    /// Cancelling the task stops the capture after the current period and keeps nothing.
    /// - Parameters:
    ///   - title: The sound's title.
    ///   - request: How long, from where, in which format.
    ///   - progress: Gets the whole seconds recorded so far and the seconds asked for, about each second.
    /// - Throws: ``DiaryError`` `.invalid` naming `title`, `seconds`, `rate` or `channels`; ``AudioError``
    ///   `.device` with the device and ALSA's text; `CancellationError`.
    package func recordSound(
        title: String, _ request: RecordingRequest, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Sound {
        let title = try TextRules.required(title, field: "title", limit: SoundStore.soundTitleLimit)
        let (staged, report) = try await capture(request, progress: progress)
        do {
            let blob = try await blobs.publish(staged)
            defer { blob.release() }
            let sound = try await store.sounds.insert(
                Sound.new(
                    title: title, kind: .recorded, sha256: blob.sha256, bytes: blob.size,
                    durationSeconds: report.duration, rate: report.format.rate, channels: report.format.channels,
                    bits: report.format.sampleFormat.bitsPerSample))
            events.publish(.soundRecorded(sound))
            return sound
        } catch {
            blobs.discard(staged)
            throw error
        }
    }

    /// Checks `request`, then captures it into a staged blob.
    /// - Throws: As ``recordSound(title:_:progress:)``.
    func capture(
        _ request: RecordingRequest, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> (StagedBlob, RecordingReport) {
        let limit = Self.maximumRecordingSeconds
        guard request.seconds > 0, request.seconds <= limit else {
            throw DiaryError.invalid(
                "seconds",
                "seconds is \(Self.formatted(request.seconds)); record more than 0 and at most \(Int(limit)) seconds.",
                limit: Int(limit))
        }
        guard (1...Self.maximumRecordingRate).contains(request.rate) else {
            throw DiaryError.invalid(
                "rate", "rate is \(request.rate) Hz; use 1 to \(Self.maximumRecordingRate) Hz.",
                limit: Self.maximumRecordingRate)
        }
        guard (1...Self.maximumRecordingChannels).contains(request.channels) else {
            throw DiaryError.invalid(
                "channels", "channels is \(request.channels); use 1 to \(Self.maximumRecordingChannels).",
                limit: Self.maximumRecordingChannels)
        }
        var device = request.device ?? ""
        if device.isEmpty { device = try await store.settings.get().captureDevice }
        let recording = Recording(
            device: device, format: AudioFormat(sampleFormat: .signed16, rate: request.rate, channels: request.channels)
        )
        let total = Int(request.seconds.rounded(.up))
        let rate = Int64(request.rate)
        let reported = Atomic<Int>(0)
        let report = NIOLockedValueBox<RecordingReport?>(nil)
        let staged = try await blobs.stage { path in
            let done = try await recording.record(
                to: path, duration: .milliseconds(Int64((request.seconds * 1_000).rounded()))
            ) { frames in
                let seconds = Int(frames / rate)
                if seconds > reported.load(ordering: .relaxed), seconds < total {
                    reported.store(seconds, ordering: .relaxed)
                    progress(seconds, total)
                }
            }
            report.withLockedValue { $0 = done }
        }
        progress(total, total)
        return (staged, report.withLockedValue { $0! })
    }

    /// `3` for 3.0, `2.5` for 2.5.
    static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
