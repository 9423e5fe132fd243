import FFmpeg
import Logging
import Media
import NIOConcurrencyHelpers
import PetDiary
import ServiceLifecycle

/// Makes videos' browser-playable copies in the background, as the config's ``VideoTranscodePolicy`` says:
/// after a video is imported (``RenditionTrigger``), when a client asks about a video that needs one and has
/// none, and at once for `photos.rendition {wait: true}`.
///
/// One job per original blob, however many ask; at most as many jobs at once as ffmpeg runs are allowed
/// (`limits.ffmpegRuns`), in slots of the queue's own, not ffmpeg's shared ones, so that posters and probes
/// never wait behind a transcode; each ffmpeg niced and never on the event loop. What a job learnt that is not stored
/// (this video plays as it is; the last try failed) is kept in memory until the core stops.
final class RenditionQueue: Sendable {
    private struct State {
        var jobs: [String: RenditionJob] = [:]
        /// Blobs that play in a browser as they are.
        var playable: Set<String> = []
        /// Blobs whose last try failed, with why.
        var failures: [String: String] = [:]
        /// Under `never`: the probes under way that only confirm what an import read, by blob.
        var confirmations: [String: Task<Void, Never>] = [:]
        var stopped = false
    }

    let policy: VideoTranscodePolicy
    let diary: Diary
    private let maker: VideoRenditionMaker
    private let slots: RunSlots
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    init(diary: Diary, ffmpeg: FFmpeg, policy: VideoTranscodePolicy, logger: Logger) {
        self.diary = diary
        self.maker = VideoRenditionMaker(ffmpeg: ffmpeg)
        self.slots = RunSlots(count: ffmpeg.slots.count)
        self.policy = policy
        self.logger = logger
    }

    /// Queues a copy of `photo` when it is a video and the policy makes copies, else (under `never`) a probe that
    /// only confirms what its import read; returns at once.
    func enqueue(_ photo: Photo) {
        guard MediaType.isVideo(photo.mediaType) else { return }
        guard policy != .never else { return confirmOnly(photo) }
        _ = job(for: photo, retrying: false)
    }

    /// Under `never`, which makes no copy, ffprobe still confirms what the import read of `photo`: one probe per
    /// blob at a time, in the queue's slots, cancelled with the jobs when the core stops. Without ffmpeg nothing is
    /// confirmed, quietly: the core says elsewhere that video work needs it.
    private func confirmOnly(_ photo: Photo) {
        let (sha256, photoId, mediaType) = (photo.sha256, photo.id, photo.mediaType)
        state.withLockedValue { state in
            guard !state.stopped, state.confirmations[sha256] == nil else { return }
            // The task runs once the lock is released; it takes the lock again only to forget itself.
            state.confirmations[sha256] = Task {
                do {
                    try await slots.withSlot {
                        let path = try diary.blobs.path(of: sha256)
                        let (probe, _) = try await maker.examine(fileAt: path, mediaType: mediaType)
                        await confirm(sha256, photoId: photoId, probe: probe)
                    }
                } catch is CancellationError {
                } catch let error as MediaError where error.reason == "no-ffmpeg" {
                } catch {
                    logger.warning(
                        "Cannot have ffprobe confirm what the import read of a video",
                        metadata: ["photo.id": "\(photoId)", "error": "\(error)"])
                }
                self.state.withLockedValue { _ = $0.confirmations.removeValue(forKey: sha256) }
            }
        }
    }

    /// Queues a copy of every video that has none (after a bundle import or an archive restore, which publish
    /// no `photo.imported`); under `auto`, those that play as they are only cost a probe.
    func enqueueVideosWithoutCopies() async {
        guard policy != .never else { return }
        do {
            for video in try await diary.store.blobReferences.videosWithoutRenditions() { enqueue(video) }
        } catch {
            logger.warning("Cannot list the videos without a browser copy", metadata: ["error": "\(error)"])
        }
    }

    /// Where the copy of the video `id` stands; a video that needs one and has none is queued.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid` naming `id` for a photo that is not a video.
    func state(ofVideo id: String) async throws -> RenditionState {
        let video = try await diary.video(id: id)
        if let stored = try await diary.storedRendition(of: video.sha256) { return .ready(stored) }
        if policy == .never { return .disabled }
        let known = state.withLockedValue { state -> RenditionState? in
            if let job = state.jobs[video.sha256] { return job.current }
            if state.playable.contains(video.sha256) { return try? original(video) }
            return state.failures[video.sha256].map(RenditionState.failed)
        }
        if let known { return known }
        return job(for: video, retrying: false)?.current ?? .queued
    }

    /// The copy of the video `id`, made now if it is not made (a failed one is tried again): answers when it
    /// is ready, or that the video plays as it is, or why it failed. Under `never` it is `disabled` at once.
    /// - Parameter progress: Told the share done, 0 to 1, while ffmpeg runs.
    /// - Throws: as ``state(ofVideo:)``; `CancellationError` when the waiting task is cancelled: the job is
    ///   cancelled with it (ffmpeg killed, nothing kept).
    func waitForCopy(ofVideo id: String, progress: @escaping @Sendable (Double) -> Void) async throws
        -> RenditionState
    {
        let video = try await diary.video(id: id)
        if let stored = try await diary.storedRendition(of: video.sha256) { return .ready(stored) }
        if policy == .never { return .disabled }
        if state.withLockedValue({ $0.playable.contains(video.sha256) }) { return try original(video) }
        guard let job = job(for: video, retrying: true) else { throw CancellationError() }
        do {
            switch try await job.outcome(listening: progress) {
            case .playable: return try original(video)
            case .made(let stored): return .ready(stored)
            }
        } catch let error as CancellationError {
            throw error
        } catch {
            return .failed(Self.describe(error))
        }
    }

    /// Cancels every job and confirming probe (the core is stopping): their ffmpeg runs are killed and nothing is
    /// kept.
    func stopAll() {
        let (jobs, confirmations) = state.withLockedValue { state in
            state.stopped = true
            return (Array(state.jobs.values), Array(state.confirmations.values))
        }
        for job in jobs { job.cancel() }
        for confirmation in confirmations { confirmation.cancel() }
    }

    /// The job of `video`'s blob: the one under way, else a new one, its task attached before any other caller
    /// can see it; nil once the core is stopping (or, unless `retrying`, when the blob is known to play or to
    /// fail).
    private func job(for video: Photo, retrying: Bool) -> RenditionJob? {
        let (id, mediaType) = (video.id, video.mediaType)
        return state.withLockedValue { state -> RenditionJob? in
            if state.stopped { return nil }
            if let job = state.jobs[video.sha256] { return job }
            if !retrying, state.failures[video.sha256] != nil || state.playable.contains(video.sha256) {
                return nil
            }
            state.failures[video.sha256] = nil
            let job = RenditionJob(sha256: video.sha256)
            state.jobs[video.sha256] = job
            // The task runs once the lock is released; it takes the lock again only in `finish`.
            job.attach(
                Task {
                    let outcome: Result<RenditionJob.Outcome, any Error>
                    do {
                        outcome = .success(try await make(job, photoId: id, mediaType: mediaType))
                    } catch {
                        outcome = .failure(error)
                    }
                    finish(job, photoId: id, outcome)
                    return try outcome.get()
                })
            return job
        }
    }

    /// The job's work, in a slot: the copy made already (another core's import, say), else ffprobe's word (which
    /// also confirms what the import read of the video), then ffmpeg's copy kept as a blob.
    private func make(_ job: RenditionJob, photoId: String, mediaType: String) async throws -> RenditionJob.Outcome {
        try await slots.withSlot {
            job.markRunning()
            if let stored = try await diary.storedRendition(of: job.sha256) { return .made(stored) }
            let path = try diary.blobs.path(of: job.sha256)
            let (probe, found) = try await maker.examine(fileAt: path, mediaType: mediaType)
            await confirm(job.sha256, photoId: photoId, probe: probe)
            if found == .playable, policy == .auto { return .playable }
            // `always` makes every copy alike: H.264 of at most 1920 pixels, whatever the original.
            let way: BrowserPlayability = policy == .always ? .transcode : found
            let maker = maker
            let stored = try await diary.keepRendition(of: job.sha256, photoId: photoId) { output in
                try await maker.make(
                    fileAt: path, mediaType: mediaType, probe: probe, way: way, output: output,
                    progress: { job.report($0) })
            }
            return .made(stored)
        }
    }

    /// Records ffprobe's facts of the video where they differ from what the import's header readers read, and
    /// logs the difference; once recorded they agree, so it is logged once. A failure to record is logged too: the
    /// copy goes on.
    private func confirm(_ sha256: String, photoId: String, probe: VideoProbe) async {
        do {
            let differences = try await diary.confirmVideoFacts(of: sha256, probe: probe)
            guard !differences.isEmpty else { return }
            logger.notice(
                "ffprobe corrected what the import read of a video",
                metadata: ["photo.id": "\(photoId)", "sha256": "\(sha256)", "differences": "\(differences)"])
        } catch {
            logger.warning(
                "Cannot record ffprobe's facts of a video", metadata: ["photo.id": "\(photoId)", "error": "\(error)"])
        }
    }

    /// Forgets the finished job and remembers what it learnt.
    private func finish(_ job: RenditionJob, photoId: String, _ outcome: Result<RenditionJob.Outcome, any Error>) {
        state.withLockedValue { state in
            if state.jobs[job.sha256] === job { state.jobs[job.sha256] = nil }
            switch outcome {
            case .success(.playable): state.playable.insert(job.sha256)
            case .success(.made): break
            case .failure(is CancellationError): break
            case .failure(let error as DiaryError) where error.code == .notFound: break
            case .failure(let error): state.failures[job.sha256] = Self.describe(error)
            }
        }
        if case .failure(let error) = outcome, !(error is CancellationError) {
            logger.warning(
                "Cannot make a browser copy of a video", metadata: ["photo.id": "\(photoId)", "error": "\(error)"])
        }
    }

    private func original(_ video: Photo) throws -> RenditionState {
        .original(
            sha256: video.sha256, path: try diary.blobs.path(of: video.sha256), bytes: video.bytes,
            mediaType: video.mediaType)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as MediaError: error.message
        case let error as DiaryError: error.message
        default: "\(error)"
        }
    }
}

extension RenditionQueue: Service {
    /// Waits for graceful shutdown, then stops every job, so no ffmpeg outlives the core.
    func run() async {
        try? await gracefulShutdown()
        stopAll()
    }
}
