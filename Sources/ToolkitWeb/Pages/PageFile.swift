/// One of the pages' files, compiled into the binary from `Pages/Files` (SwiftPM's `embedInCode`): the HTML
/// shell, the stylesheet and one ES module per screen and shared piece. `/` answers the shell and `/app/NAME`
/// the others; nothing is read from disk or fetched from elsewhere.
struct PageFile: Sendable {
    /// The file's name, as it appears after `/app/` (and in the modules' imports).
    let name: String
    /// The `Content-Type` it is served with.
    let contentType: String
    let bytes: [UInt8]

    /// The shell every screen starts from: `GET /`.
    static let index = PageFile(name: "index.html", contentType: html, bytes: PackageResources.index_html)

    /// The files under `/app/`, by name.
    static let files: [String: PageFile] = Dictionary(
        uniqueKeysWithValues: [
            PageFile(name: "app.css", contentType: css, bytes: PackageResources.app_css),
            script("main.js", PackageResources.main_js),
            script("api.js", PackageResources.api_js),
            script("events.js", PackageResources.events_js),
            script("strings.js", PackageResources.strings_js),
            script("dom.js", PackageResources.dom_js),
            script("report.js", PackageResources.report_js),
            script("media.js", PackageResources.media_js),
            script("pager.js", PackageResources.pager_js),
            script("pets.js", PackageResources.pets_js),
            script("entry.js", PackageResources.entry_js),
            script("feed.js", PackageResources.feed_js),
            script("calendar.js", PackageResources.calendar_js),
            script("albums.js", PackageResources.albums_js),
            script("viewer.js", PackageResources.viewer_js),
            script("text.js", PackageResources.text_js),
            script("editor.js", PackageResources.editor_js),
            script("search.js", PackageResources.search_js),
            script("sounds.js", PackageResources.sounds_js),
            script("camera.js", PackageResources.camera_js),
            script("petscreen.js", PackageResources.petscreen_js),
            script("settings.js", PackageResources.settings_js),
            script("soundscreen.js", PackageResources.soundscreen_js),
            script("recorder.js", PackageResources.recorder_js),
            script("recorder-worklet.js", PackageResources.recorder_worklet_js),
            script("notes.js", PackageResources.notes_js),
            script("share.js", PackageResources.share_js),
        ].map { ($0.name, $0) })

    private static let html = "text/html; charset=utf-8"
    private static let css = "text/css; charset=utf-8"

    private static func script(_ name: String, _ bytes: [UInt8]) -> PageFile {
        PageFile(name: name, contentType: "text/javascript; charset=utf-8", bytes: bytes)
    }
}
