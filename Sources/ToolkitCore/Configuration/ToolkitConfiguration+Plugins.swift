import PluginHost

extension ToolkitConfiguration {
    /// What the plugin host is given: the places to look in load order, and the rest of `plugins`.
    var pluginHostConfiguration: PluginHostConfiguration {
        let optional = [plugins.shippedFolder, plugins.userFolder].compactMap { $0 }
        let paths = plugins.enabled ? optional + plugins.configuredPaths + plugins.commandLinePaths : []
        return PluginHostConfiguration(
            paths: paths, optionalPaths: Set(optional), disabled: plugins.disabled,
            callTimeout: plugins.callTimeout, handshakeTimeout: plugins.handshakeTimeout, options: plugins.options,
            limits: limits.connection, socketPath: socketPath, dataDirectory: dataDirectory, environment: environment,
            drainGrace: shutdownGracePeriod)
    }
}
