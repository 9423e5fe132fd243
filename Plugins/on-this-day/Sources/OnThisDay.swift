import Foundation
import ToolkitPlugin

/// The `on-this-day` plugin: `memories.onThisDay`, and a daily `memories.found` event.
@main
enum OnThisDay {
    static func main() async {
        let plugin = Plugin(name: "on-this-day", version: "1.0.0")
        plugin.declare(OnThisDayOptions.years)
        do {
            try plugin.register(MemoriesOnThisDayHandler(plugin: plugin), timeout: .seconds(30))
            plugin.whenReady { plugin in await MemoryWatch(plugin: plugin).run() }
            try await plugin.run()
        } catch {
            plugin.logger.critical("Cannot serve the core: \(error)")
            exit(1)
        }
    }
}
