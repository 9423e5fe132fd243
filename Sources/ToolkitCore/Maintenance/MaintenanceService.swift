import Logging
import PetDiary
import ServiceLifecycle

/// Runs PetDiary's `MaintenancePass` at start-up and then once a day, until graceful shutdown.
struct MaintenanceService: Service {
    let pass: MaintenancePass
    let logger: Logger
    var interval: Duration = .seconds(24 * 3600)

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let report = try await pass.run()
                    if report.temporaries + report.blobs > 0 {
                        logger.notice(
                            "Maintenance removed leftovers",
                            metadata: [
                                "temporaries": "\(report.temporaries)", "blobs": "\(report.blobs)",
                                "bytes": "\(report.bytes)",
                            ])
                    }
                    if report.videosDescribed > 0 {
                        logger.notice(
                            "Maintenance read the codecs and frame rate of videos imported before they were read",
                            metadata: ["videos": "\(report.videosDescribed)"])
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("Maintenance pass failed", metadata: ["error": "\(error)"])
                }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
