import ServiceLifecycle

/// The last of the core's services: tells the service manager (``SystemdNotification``) `READY=1` once the
/// socket accepts clients, which is once every start-up plugin has settled, and `STOPPING=1` as soon as
/// shutdown begins (it is the first service to be told, being the last).
struct ReadinessNotifier: Service {
    let server: SocketServer
    let notification: SystemdNotification

    func run() async throws {
        await cancelWhenGracefulShutdown { await server.waitUntilAccepting() }
        if server.isAccepting { notification.send("READY=1") }
        try? await gracefulShutdown()
        notification.send("STOPPING=1")
    }
}
