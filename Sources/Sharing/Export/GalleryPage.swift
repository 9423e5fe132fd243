import Media
import PetDiary
import ToolkitAPI

/// The `index.html` of a bundle exported with `html`: one static page that opens offline in any browser, with
/// nothing installed and no script, titled by the bundle's pets: the pets, each album as a grid of thumbnails
/// that open the full photo (a favourite starred, a memo under its photo), video tiles (a poster, a play mark
/// and the length) that open the video large with its controls, a calendar of the months with entries, photos
/// or videos, and the entries by day (newest first) with their photos. A section with nothing in it says so.
/// Every link is relative to the bundle's own members; the page makes no network request.
struct GalleryPage {
    let snapshot: DiarySnapshot
    /// The member path of each photo's thumbnail (`thumbs/<sha256>.jpg`), by photo id; a video's is its
    /// poster. A photo without one (a file no thumbnail could be made of) is shown as a link, never as a broken
    /// image; a video without one (no ffmpeg) still shows its play mark and length.
    let thumbnails: [String: String]
    /// The sha256 of each video whose browser-playable copy, `renditions/<sha256>.mp4` (H.264/AAC), the bundle
    /// carries: it is the video's first source, before the original.
    var renditions: Set<String> = []
    /// The day the bundle was made, `YYYY-MM-DD`.
    let day: String
    let toolkitVersion: String

    /// The page, UTF-8.
    func render() -> [UInt8] {
        var html = HTMLText()
        let title = self.title
        html.raw(
            """
            <!doctype html>
            <html lang="ko">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="toolkit \(HTMLText.escape(toolkitVersion))">
            <title>\(HTMLText.escape(title))</title>
            <style>\(Self.style(accent: accent))</style>
            </head>
            <body>
            <header>
            <h1>\(HTMLText.escape(title))</h1>
            <p class="summary">\(summary)</p>
            <nav><a href="#pets">Pets</a><a href="#albums">Albums</a><a href="#calendar">Calendar</a>\
            <a href="#diary">Diary</a></nav>
            </header>
            <main>

            """)
        pets(&html)
        albums(&html)
        calendar(&html)
        diary(&html)
        players(&html)
        html.raw(
            """
            </main>
            <footer>Exported \(day) by toolkit \(HTMLText.escape(toolkitVersion)). The photos are in media/, \
            the records in data/ (JSON Lines).</footer>
            </body>
            </html>

            """)
        return html.bytes
    }

    /// The bundle's pets by name (`보리 & 콩`, `A, B & C`) and the diary's name; the diary's name alone without
    /// pets.
    var title: String {
        let names = snapshot.pets.map(\.name).filter { !$0.isEmpty }
        guard let last = names.last else { return snapshot.settings.diaryName }
        let pets = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " & " + last
        return pets + " · " + snapshot.settings.diaryName
    }

    /// The theme colour, when it is one (`#RRGGBB`); a neutral one otherwise.
    var accent: String {
        let color = snapshot.settings.themeColor
        let hex = color.utf8.dropFirst().allSatisfy { $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }
        return color.utf8.count == 7 && color.hasPrefix("#") && hex ? color : "#8a5a44"
    }

    var summary: String {
        [
            Self.count(snapshot.pets.count, "pet", "pets"), Self.count(snapshot.albums.count, "album", "albums"),
            Self.photosAndVideos(snapshot.photos), Self.count(snapshot.entries.count, "entry", "entries"),
        ].joined(separator: " · ")
    }

    static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    /// `3 photos`, or `3 photos · 2 videos` when some are videos.
    static func photosAndVideos(_ photos: [Photo]) -> String {
        let videos = photos.count { MediaType.isVideo($0.mediaType) }
        let stills = count(photos.count - videos, "photo", "photos")
        return videos == 0 ? stills : stills + " · " + count(videos, "video", "videos")
    }

    /// The local day a photo or video was taken on (`takenDay`), or the day its time says when it has none.
    static func day(of photo: Photo) -> String { photo.takenDay ?? String(photo.takenAt.prefix(10)) }

    var photosById: [String: Photo] { Dictionary(snapshot.photos.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) }

    func pets(_ html: inout HTMLText) {
        html.raw("<section id=\"pets\"><h2>Pets</h2>\n")
        guard !snapshot.pets.isEmpty else {
            return html.raw("<p class=\"empty\">No pets in this bundle.</p></section>\n")
        }
        html.raw("<ul class=\"pets\">\n")
        for pet in snapshot.pets {
            let facts = [pet.species, pet.breed, pet.birthday.map { "born \($0)" }].compactMap { $0 }
                .filter { !$0.isEmpty }
            html.raw("<li class=\"pet\" id=\"pet-\(HTMLText.escape(pet.id))\"><h3>\(HTMLText.escape(pet.name))</h3>")
            if !facts.isEmpty { html.raw("<p>\(HTMLText.escape(facts.joined(separator: " · ")))</p>") }
            if let notes = pet.notes, !notes.isEmpty { html.raw("<p class=\"text\">\(HTMLText.escape(notes))</p>") }
            html.raw("</li>\n")
        }
        html.raw("</ul></section>\n")
    }

    func albums(_ html: inout HTMLText) {
        let names = Dictionary(snapshot.pets.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var photosByAlbum: [String: [Photo]] = [:]
        for photo in snapshot.photos { photosByAlbum[photo.albumId, default: []].append(photo) }
        html.raw("<section id=\"albums\"><h2>Albums</h2>\n")
        if snapshot.albums.isEmpty { html.raw("<p class=\"empty\">No albums in this bundle.</p>\n") }
        for album in snapshot.albums {
            let photos = (photosByAlbum[album.id] ?? []).sorted { $0.takenAt < $1.takenAt }
            let owner = album.petId.flatMap { names[$0] }.map { " · " + HTMLText.escape($0) } ?? ""
            html.raw(
                "<h3 id=\"album-\(HTMLText.escape(album.id))\">\(HTMLText.escape(album.title))"
                    + "<small>\(owner) · \(Self.photosAndVideos(photos))</small></h3>\n")
            if photos.isEmpty { html.raw("<p class=\"empty\">No photos or videos in this album.</p>\n") }
            grid(photos, into: &html)
        }
        html.raw("</section>\n")
    }

    func calendar(_ html: inout HTMLText) {
        var entriesByDay: [String: Int] = [:]
        for entry in snapshot.entries { entriesByDay[entry.date, default: 0] += 1 }
        var photosByDay: [String: Int] = [:]
        var videosByDay: [String: Int] = [:]
        var firstVideoByDay: [String: String] = [:]
        for photo in snapshot.photos.sorted(by: { $0.takenAt < $1.takenAt }) {
            let day = Self.day(of: photo)
            if MediaType.isVideo(photo.mediaType) {
                videosByDay[day, default: 0] += 1
                if firstVideoByDay[day] == nil { firstVideoByDay[day] = photo.id }
            } else {
                photosByDay[day, default: 0] += 1
            }
        }
        let days = Array(entriesByDay.keys) + Array(photosByDay.keys) + Array(videosByDay.keys)
        let months = Set(days.map { String($0.prefix(7)) })
            .compactMap(GalleryMonth.init).sorted { ($0.year, $0.month) > ($1.year, $1.month) }
        html.raw("<section id=\"calendar\"><h2>Calendar</h2>\n")
        guard !months.isEmpty else {
            return html.raw("<p class=\"empty\">Nothing dated in this bundle.</p></section>\n")
        }
        html.raw("<div class=\"months\">\n")
        for month in months {
            html.raw("<table class=\"month\"><caption>\(month.name)</caption>\n<tr>")
            for weekday in ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] { html.raw("<th>\(weekday)</th>") }
            html.raw("</tr>\n<tr>")
            let lead = month.firstWeekday
            for _ in 0..<lead { html.raw("<td></td>") }
            for dayNumber in 1...month.days {
                let day = month.day(dayNumber)
                let entries = entriesByDay[day] ?? 0
                let photos = photosByDay[day] ?? 0
                let videos = videosByDay[day] ?? 0
                // A day links to its entries; a day with videos and no entry, to its first video.
                let target = entries > 0 ? "day-\(day)" : firstVideoByDay[day].map { Self.playerID(of: $0) }
                let label = target.map { "<a href=\"#\(HTMLText.escape($0))\">\(dayNumber)</a>" } ?? "\(dayNumber)"
                // A dot for entries, a grey dot for photos, a play mark for videos; each titled with its count.
                let marks =
                    (entries > 0 ? "<i class=\"e\" title=\"\(Self.count(entries, "entry", "entries"))\"></i>" : "")
                    + (photos > 0 ? "<i class=\"p\" title=\"\(Self.count(photos, "photo", "photos"))\"></i>" : "")
                    + (videos > 0 ? "<i class=\"v\" title=\"\(Self.count(videos, "video", "videos"))\"></i>" : "")
                html.raw("<td\(entries + photos + videos > 0 ? " class=\"on\"" : "")>\(label)\(marks)</td>")
                if (lead + dayNumber) % 7 == 0 && dayNumber < month.days { html.raw("</tr>\n<tr>") }
            }
            html.raw("</tr></table>\n")
        }
        html.raw("</div></section>\n")
    }

    func diary(_ html: inout HTMLText) {
        let names = Dictionary(snapshot.pets.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let photos = photosById
        let days = Dictionary(grouping: snapshot.entries, by: \.date).sorted { $0.key > $1.key }
        html.raw("<section id=\"diary\"><h2>Diary</h2>\n")
        if days.isEmpty { html.raw("<p class=\"empty\">No diary entries in this bundle.</p>\n") }
        for (day, entries) in days {
            let escaped = HTMLText.escape(day)
            html.raw("<article id=\"day-\(escaped)\"><h3><time datetime=\"\(escaped)\">\(escaped)</time></h3>\n")
            for entry in entries.sorted(by: { $0.createdAt < $1.createdAt }) {
                let pet = entry.petId.flatMap { names[$0] }.map { "<small>\(HTMLText.escape($0))</small>" } ?? ""
                html.raw(
                    "<div class=\"entry\"><h4>\(entry.favorite ? "★ " : "")\(HTMLText.escape(entry.title))\(pet)</h4>"
                        + "<p class=\"text\">\(HTMLText.escape(entry.body))</p>")
                // Tags once: those the body shows as hashtags are not repeated under it.
                let body = entry.body.lowercased()
                let unshown = entry.tags.filter { !body.contains("#" + $0.lowercased()) }
                if !unshown.isEmpty {
                    let tags = unshown.map { "<span>#\(HTMLText.escape($0))</span>" }.joined(separator: " ")
                    html.raw("<p class=\"tags\">\(tags)</p>")
                }
                grid(entry.photoIds.compactMap { photos[$0] }, into: &html)
                html.raw("</div>\n")
            }
            html.raw("</article>\n")
        }
        html.raw("</section>\n")
    }
}

/// A month of the gallery's calendar: how many days it has and the weekday of its first (no locale, no time
/// zone: diary days are calendar days).
struct GalleryMonth {
    let year: Int
    let month: Int

    /// From `YYYY-MM`; nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else {
            return nil
        }
        self.year = year
        self.month = month
    }

    var name: String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[month - 1]) \(year)"
    }

    var days: Int { DiaryDay.daysIn(year: year, month: month) }

    /// 0 for Monday … 6 for Sunday, of the month's first day (1970-01-01 was a Thursday).
    var firstWeekday: Int {
        let days = CivilDay.daysSinceEpoch(year: year, month: month, day: 1)
        return ((days % 7) + 7 + 3) % 7
    }

    func day(_ number: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(number, 2))"
    }
}

/// HTML built as UTF-8 bytes; text goes through ``escape(_:)``.
struct HTMLText {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes += text.utf8 }

    /// `text` safe in element content and in double- or single-quoted attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
